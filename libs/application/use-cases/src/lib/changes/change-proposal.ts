import type { DeviceTarget, RouterOsApi, SecretCipher } from '@routeros-mcp/application-ports';
import type { LiveRows, LiveStateDigest, RowOperation, TouchedRow } from '@routeros-mcp/domain-changes';
import { ChangeNotRevertibleError, ChangeStateDriftedError, driftedSections, inverseOperations, liveStateDigest, secretsNeededToRestore, unrestorableWriteOnly } from '@routeros-mcp/domain-changes';
import type { Device } from '@routeros-mcp/domain-devices';
import type { RuleResult, SafetyContext } from '@routeros-mcp/domain-safety-rules';
import { assertSafe, evaluateSafety } from '@routeros-mcp/domain-safety-rules';
import { NEEDS_DEVICE_STATE } from './change-authorization';
import type { ChangeRequest, ChangeResult } from './change-runner';
import { readLiveRows } from './live-rows';
import { judgeManagementPath } from './management-path-check';

/** What was read, proposed and judged, before anything is written. */
export interface Planned {
  live: LiveRows;
  summary: string;
  operations: readonly RowOperation[];
  touched: readonly TouchedRow[];
  risk: ChangeResult['risk'];
  verdicts: RuleResult[];
  touchesPath: boolean;
  notRevertible?: string;
}

/** The steps before any write: read live, check for drift, propose, judge the management path and every rule. */
export class ProposeStep {
  constructor(
    private readonly api: RouterOsApi,
    private readonly cipher?: SecretCipher,
  ) {}

  /** Read → propose → judge. Refusals throw; nothing is written here. */
  async plan<I>(request: ChangeRequest<I>, device: Device, target: DeviceTarget, context: SafetyContext): Promise<({ kind: 'no_change'; reason: string; current: readonly TouchedRow[]; verdicts: RuleResult[] } | { kind: 'change'; plan: Planned }) & { state: LiveStateDigest }> {
    const reads = request.planner.reads(request.input);
    const optional = (request.planner.optionalReads?.(request.input) ?? []).filter((m) => !reads.includes(m));
    const [required, extra] = await Promise.all([readLiveRows(this.api, target, reads, { signal: request.signal }), optional.length ? readLiveRows(this.api, target, optional, { optional: true, signal: request.signal }) : {}]);
    let live: LiveRows = { ...extra, ...required };
    // The state the proposal is computed from: what a reviewer saw must still be there (the caller holds the lock).
    const state = liveStateDigest(live, reads);
    if (request.expectedStateHash !== undefined && state.hash !== request.expectedStateHash) {
      throw new ChangeStateDriftedError(device.id, request.expectedStateSections ? driftedSections(request.expectedStateSections, state.sections) : []);
    }
    const outcome = request.planner.propose(live, request.input);
    if (outcome.kind === 'no_change') return { ...outcome, state, verdicts: evaluateSafety(context).results.filter((r) => !NEEDS_DEVICE_STATE.has(r.ruleId)) };
    const { proposal } = outcome;
    // The evaluation looks further than the menus written only when a write touches what the path depends on (a
    // radio's settings included), and then the same evaluation judges every write: tools, plan steps, reverts, rollbacks.
    const judged = await judgeManagementPath(this.api, target, device, live, proposal.operations, request.signal);
    live = judged.live;
    const touchesPath = judged.touchesPath;
    const report = assertSafe(context, [judged.verdict]);
    // Records never hold a secret in the clear: a change whose undo writes one back keeps it sealed, or is not made.
    const inverse = inverseOperations(live, proposal.operations);
    const secrets = secretsNeededToRestore(inverse.operations);
    if (secrets.length > 0 && !this.cipher) throw new ChangeNotRevertibleError(`undoing it would need the secret value of ${secrets.join(', ')}, which this service never stores`);
    const commands = proposal.operations.filter((op) => op.kind === 'command');
    const notRevertible = [...(commands.length ? [`${commands.map((c) => `${c.menu}/${c.command}`).join(', ')} has no state to restore`] : []), ...unrestorableWriteOnly(live, proposal.operations)];
    return {
      kind: 'change',
      state,
      plan: {
        live,
        summary: proposal.summary,
        operations: proposal.operations,
        touched: proposal.touched,
        risk: proposal.risk,
        verdicts: report.results,
        touchesPath,
        ...(notRevertible.length ? { notRevertible: notRevertible.join('; ') } : {}),
      },
    };
  }
}
