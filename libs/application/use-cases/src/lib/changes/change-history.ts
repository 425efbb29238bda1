import type { Principal } from '@routeros-mcp/application-ports';
import type { ChangeAuthority, ChangeRecord, ChangeStatus } from '@routeros-mcp/domain-changes';
import type { Environment } from '@routeros-mcp/domain-kernel';
import type { ChangeResult } from './change-runner';

export interface ChangeRevertRequest {
  principal: Principal;
  correlationId: string;
  environment: Environment;
  changeId: string;
  dryRun: boolean;
  signal?: AbortSignal;
  /** A plan's rollback undoes its steps under the approved plan (default: the caller directly). */
  authority?: ChangeAuthority;
  /** The id the undo's own change record gets (see ChangeRequest.changeId). */
  revertChangeId?: string;
}

export const ChangeHistory = Symbol.for('ChangeHistory');
/** Recorded changes, and undoing one through the same pipeline and checks. */
export interface ChangeHistory {
  /** Newest first. */
  list(query: { deviceId?: string; status?: ChangeStatus; limit: number }): Promise<ChangeRecord[]>;
  /** @throws ChangeNotFoundError */
  get(changeId: string): Promise<ChangeRecord>;
  /** Undoes one applied change from its recorded before-state; refuses when the device moved on since. */
  revert(request: ChangeRevertRequest): Promise<ChangeResult>;
}
