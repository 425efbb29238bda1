import type { Row } from '@routeros-mcp/domain-changes';
import { chain } from './carrier-checks';
import { Check, CheckResult, cut, ok } from './check';
import { isTrue, rowsOf, Snapshot, splitList } from './snapshot';

/**
 * The link settings of the Ethernet ports the service's packets cross (the path's own interfaces and VLAN parents,
 * the client's bridge port, a bond's slaves). The Ethernet manual: with `auto-negotiation` the port offers its
 * `advertise` speeds, without it runs at `speed`. The device does not show what the partner at the cable's other end
 * offers, so only two answers are certain:
 * - forcing a copper port to 1G or faster without auto-negotiation takes its link down (1000BASE-T and faster need
 *   auto-negotiation, IEEE 802.3 clause 40.5): a cut;
 * - auto-negotiating with every speed offered before still offered keeps the speed both ends agreed on.
 * Any other change of those three settings (a narrower `advertise`, a forced 10M/100M) may leave no speed in common:
 * the answer is unknown and the change fails closed. SFP ports are left to their module and are not judged.
 */
const LINK_SETTINGS = ['auto-negotiation', 'speed', 'advertise'] as const;
const FORCED_ONLY_WITH_NEGOTIATION = /^(\d+(\.\d+)?)G-baseT/;

const ethernetRow = (snap: Snapshot, name: string): Row | undefined => rowsOf(snap.rows, 'interface/ethernet').find((r) => snap.canon(r['name'] ?? '') === name);
const negotiates = (row: Row) => row['auto-negotiation'] === undefined || isTrue(row['auto-negotiation']);
/** The speeds a port can link at: its `advertise` list when negotiating, its forced `speed` otherwise. */
const offered = (row: Row) => new Set(negotiates(row) ? splitList(row['advertise']) : [row['speed'] ?? '']);

/** The Ethernet ports under the path, and whether each one surely carries the client (a bond's slave may not). */
function ports(snap: Snapshot, ep: Parameters<Check['run']>[1]): Array<{ name: string; sure: boolean }> {
  const names = [...chain(snap, ep), ...(ep.bridgePort ? [snap.canon(ep.bridgePort)] : [])];
  const slaves = names.flatMap((n) => snap.interfaces.get(n)?.slaves ?? []);
  return [...names.map((name) => ({ name, sure: true })), ...slaves.map((name) => ({ name, sure: false }))];
}

function judgePort(was: Row, now: Row, name: string, sure: boolean): CheckResult {
  if (LINK_SETTINGS.every((k) => (was[k] ?? '') === (now[k] ?? ''))) return ok;
  const details = { interface: name };
  const speed = now['speed'] ?? '';
  if (!negotiates(now) && FORCED_ONLY_WITH_NEGOTIATION.test(speed)) {
    const message = `${name} would run at ${speed} without auto-negotiation, which copper links at 1G and faster cannot: it would lose its link`;
    return sure ? cut(message, details) : { ok: false, unknown: true, message: `${message}, and the device does not show whether this slave carries the service`, details };
  }
  const before = offered(was);
  if (negotiates(now) && [...before].every((s) => offered(now).has(s))) return ok;
  const what = negotiates(now) ? `advertise ${now['advertise'] || 'nothing'}` : `run at ${speed} without auto-negotiation`;
  return { ok: false, unknown: true, message: `${name}, which the service's packets cross, would ${what}: the device does not show what its link partner offers, so this may leave no speed in common and take the link down`, details };
}

export const ethernetLinkCheck: Check = {
  name: 'ethernet-link',
  run(snap, ep, before) {
    const beforeName = (name: string) => [...before.interfaces.keys()].find((n) => snap.canon(n) === name) ?? name;
    for (const { name, sure } of ports(snap, ep)) {
      const now = ethernetRow(snap, name);
      const was = now && ethernetRow(before, beforeName(name));
      // A removed or disabled port is the interface check's; an SFP port's module decides its link.
      if (!now || !was || isTrue(now['disabled']) || /^(sfp|qsfp)/.test(now['default-name'] || name)) continue;
      const result = judgePort(was, now, name, sure);
      if (!result.ok) return result;
    }
    return ok;
  },
};
