import type { DeviceTarget, Principal } from '@routeros-mcp/application-ports';
import type { ChangeRecord, ChangeStep, RowOperation } from '@routeros-mcp/domain-changes';
import type { Device } from '@routeros-mcp/domain-devices';
import { isDomainError } from '@routeros-mcp/domain-kernel';
import type { ChangeGuard } from './change-guards';
import type { Planned } from './change-proposal';

/** One change in flight: what it needs to write, verify, undo and record. */
export interface InFlight {
  record: ChangeRecord;
  plan: Planned;
  device: Device;
  target: DeviceTarget;
  principal: Principal;
  signal?: AbortSignal;
  guard: ChangeGuard;
  addedIds: (string | undefined)[];
  /** The fencing check before each device write: throws ChangeLeaseLostError once the device's lock is no longer held. */
  fence: (before: ChangeStep) => Promise<void>;
}

/** The menus the operations write (commands write none): what verification and undo re-read. */
export const menusOf = (ops: readonly RowOperation[]) => [...new Set(ops.filter((op) => op.kind !== 'command').map((op) => op.menu))];
/** The cause a failed change records: a domain error's own, anything else as an internal error. */
export const causeOf = (error: unknown) => (isDomainError(error) ? { code: error.code, message: error.message } : { code: 'INTERNAL.ERROR', message: 'internal error' });
