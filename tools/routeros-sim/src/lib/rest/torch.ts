import type { DeviceState } from '../model/device-state';
import { monitorSample } from '../model/interface-traffic';
import { noise } from '../model/values';
import type { Row } from './print-query';
import { errors } from './rest-error';

/**
 * The classes torch splits an interface's traffic into when asked to classify by protocol (`mac-protocol=any`,
 * `ip-protocol=any`), with each one's share of the traffic: a home or office mix, fixed per device (chosen without a
 * source: torch shows whatever the real traffic is, which the simulator has only as rates).
 */
const CLASSES = [
  { 'mac-protocol': 'ip', 'ip-protocol': 'tcp', share: 0.62 },
  { 'mac-protocol': 'ip', 'ip-protocol': 'udp', share: 0.3 },
  { 'mac-protocol': 'ip', 'ip-protocol': 'icmp', share: 0.02 },
  { 'mac-protocol': 'ipv6', 'ip-protocol': 'udp', share: 0.05 },
  { 'mac-protocol': 'arp', 'ip-protocol': '', share: 0.01 },
];

/**
 * `/tool/torch interface=X [mac-protocol=] [ip-protocol=] [duration=|freeze-frame-interval=]`: the interface (which
 * must exist) answers its traffic now, from the interface traffic model (model/interface-traffic.ts): one total row,
 * or one row per protocol class when a protocol classifier is given (`any`, or one protocol to keep only it).
 * Rates are bits per second (`tx`, `rx`) and packets per second, as torch prints them.
 */
export function torchRows(state: DeviceState, body: Record<string, unknown>): Row[] {
  const name = String(body['interface'] ?? '');
  if (!name) throw errors.missingValue('interface');
  let iface: Row;
  try {
    iface = state.interfaceRow(name);
  } catch {
    throw errors.noMatch('interface');
  }
  const ctx = state.readContext();
  const sample = monitorSample(iface, ctx);
  const rate = (share: number, key: string) => String(Math.round(Number(sample[key]) * share));
  const row = (share: number, extra: Row): Row => ({
    ...extra,
    tx: rate(share, 'tx-bits-per-second'), rx: rate(share, 'rx-bits-per-second'),
    'tx-packets': rate(share, 'tx-packets-per-second'), 'rx-packets': rate(share, 'rx-packets-per-second'),
  });
  const mac = body['mac-protocol'] === undefined ? undefined : String(body['mac-protocol']);
  const ip = body['ip-protocol'] === undefined ? undefined : String(body['ip-protocol']);
  if (mac === undefined && ip === undefined) return [row(1, { '.section': '0' })];
  const jitter = (i: number) => 0.9 + noise(ctx.seed, `torch:${name}:${i}`, 0) * 0.2;
  // Classes that look the same under the classifiers asked for are one row (udp over IPv4 and IPv6 by ip-protocol).
  const groups = new Map<string, { key: Row; share: number }>();
  CLASSES.forEach((c, i) => {
    if (!((mac === undefined || mac === 'any' || mac === c['mac-protocol']) && (ip === undefined || ip === 'any' || ip === 'any-ip' || ip === c['ip-protocol']))) return;
    if (ip !== undefined && ip !== 'any' && c['ip-protocol'] === '') return; // a non-IP frame has no IP protocol to match
    const key: Row = { ...(mac !== undefined ? { 'mac-protocol': c['mac-protocol'] } : {}), ...(ip !== undefined ? { 'ip-protocol': c['ip-protocol'] } : {}) };
    const id = JSON.stringify(key);
    groups.set(id, { key, share: (groups.get(id)?.share ?? 0) + c.share * jitter(i) });
  });
  return [...groups.values()].map(({ key, share }) => row(share, { '.section': '0', ...key }));
}
