import { RuleResult } from '../safety-context';
import { result } from '../safety-rule';
import { Check, CheckResult } from './check';
import { Endpoint } from './endpoint';
import { isTrue, rowsOf, Snapshot } from './snapshot';

export const RULE = { id: 'PROTECT_MANAGEMENT_PATH' };

type Failure = Extract<CheckResult, { ok: false }>;

const full = (f: Failure) => f.message + (f.suffix ?? '');

function endpointDetails(ep: Endpoint): Record<string, unknown> {
  return {
    client_address: ep.client,
    device_address: ep.device,
    ingress_interface: ep.ingress,
    ...(ep.bridgePort ? { bridge: ep.bridge, bridge_port: ep.bridgePort } : {}),
    ...(ep.vlanId !== undefined && ep.bridge ? { vlan_id: ep.vlanId } : {}),
    ...(ep.gateway ? { gateway: ep.gateway } : {}),
  };
}

/** Names the accept the walk used to reach, by its position in `after` (where the new drop now stands before it). */
function acceptContext(passed: CheckResult, after: Snapshot, failure: Failure): string {
  if (failure.details?.['table'] !== 'filter' || failure.details['direction'] === 'reply' || failure.unknown) return '';
  const id = passed.ok ? passed.facts?.['accept_id'] : passed.unknown ? passed.details?.['accept_id'] : undefined;
  if (typeof id !== 'string' || id === '') return '';
  const rows = rowsOf(after.rows, 'ip/firewall/filter');
  const position = rows.findIndex((r) => r['.id'] === id);
  if (position < 0) return ` once the accept ${id} is gone`;
  if (isTrue(rows[position]['disabled'])) return ` once the accept at position ${position} is disabled`;
  return position > Number(failure.details?.['rule_position']) ? ` before the accept at position ${position}` : '';
}

/**
 * Runs every check on `after`; a check that fails there is run on `before` too. A failure the live state already
 * shows is not the change's doing (the service is connected, so the evaluation misreads that aspect); a new
 * failure refuses the change (`fail`), or fails closed (`not_evaluated`) when it rests on an unknown construct or
 * when the live state already fails that check for another reason.
 */
export function judge(checks: readonly Check[], before: Snapshot, after: Snapshot, ep: Endpoint): RuleResult {
  const base = endpointDetails(ep);
  for (const check of checks) {
    const now = check.run(after, ep, before);
    if (now.ok) continue;
    const was = check.run(before, ep, before);
    // The service is connected now: a cause the live state already shows is not this change's doing.
    if (!was.ok && (was.identity ?? full(was)) === (now.identity ?? full(now))) continue;
    const details = { ...base, check: check.name, ...now.details };
    if (now.unknown) return result(RULE, 'not_evaluated', full(now), details);
    if (!was.ok && !was.unknown) {
      return result(RULE, 'not_evaluated', `the live state already fails this evaluation (${full(was)}), so it cannot tell whether ${full(now)} would cut the service's path`, details);
    }
    return result(RULE, 'fail', now.message + acceptContext(was, after, now) + (now.suffix ?? ''), details);
  }
  const ports = ep.services.map((s) => `${s.name}/${s.port}`).join(', ');
  return result(RULE, 'pass', `the service's connections from ${ep.client} to ${ep.device} (${ports}) still pass`, base);
}
