import type { ChangeRecord, ChangeRevertInput, RowOperation } from '@routeros-mcp/domain-changes';
import { changeRevertPlanner } from '@routeros-mcp/domain-changes';
import { TOPIC_WRITE_FLAGS } from '@routeros-mcp/domain-safety-rules';
import type { ChangeRevertRequest } from './change-history';
import type { ChangeRequest } from './change-runner';

/**
 * An undo as a change of its own: the recorded inverse (`inverse`, its secrets opened) through the same pipeline,
 * needing the flags the original change needed.
 */
export function revertRequest(request: ChangeRevertRequest, original: ChangeRecord, inverse: RowOperation[]): ChangeRequest<ChangeRevertInput> {
  const topicFlag = TOPIC_WRITE_FLAGS[original.tool.split('_')[0]];
  return {
    principal: request.principal,
    correlationId: request.correlationId,
    environment: request.environment,
    deviceId: original.deviceId,
    tool: 'change_revert',
    ...(topicFlag ? { requiresFlag: topicFlag } : {}),
    planner: changeRevertPlanner,
    input: { change: { ...original, inverse } },
    dryRun: request.dryRun,
    signal: request.signal,
    ...(request.authority ? { authority: request.authority, tier: 'professional' as const } : {}),
    ...(request.revertChangeId ? { changeId: request.revertChangeId } : {}),
  };
}
