import ipaddr from 'ipaddr.js';
import type { DeviceState } from '../model/device-state';
import { monitorSample } from '../model/interface-traffic';
import { TorchFlow, torchFlows } from '../model/torch-flows';
import type { Row } from './print-query';
import { errors } from './rest-error';

/** Port names torch takes besides numbers (RouterOS's service names; chosen: the common ones). */
const PORT_NAMES: Record<string, string> = { ftp: '21', ssh: '22', telnet: '23', smtp: '25', dns: '53', domain: '53', http: '80', ntp: '123', https: '443', winbox: '8291' };

/** Classifier keys in the order torch prints its columns. */
const KEYS = ['mac-protocol', 'ip-protocol', 'src-address', 'src-port', 'dst-address', 'dst-port'] as const;

type Matcher = (flow: TorchFlow) => boolean;

/** `src-address=0.0.0.0/0` shows every source by address; a narrower prefix (or one address) keeps only its flows. */
function addressMatcher(key: 'src-address' | 'dst-address', value: string, version: 4 | 6): { all: boolean; match: Matcher } {
  const [address, bits] = value.split('/');
  const valid = version === 4 ? ipaddr.IPv4.isValidFourPartDecimal(address) : ipaddr.IPv6.isValid(address);
  const width = version === 4 ? 32 : 128;
  const length = bits === undefined ? width : /^\d+$/.test(bits) ? Number(bits) : NaN;
  const arg = version === 4 ? key : `${key}6`;
  if (!valid || !(length >= 0 && length <= width)) throw errors.invalidValue(arg, value);
  if (length === 0) return { all: true, match: () => true };
  const net = ipaddr.parse(address);
  const match: Matcher = (flow) => {
    const a = flow[key];
    return (version === 4 ? ipaddr.IPv4.isValidFourPartDecimal(a) : ipaddr.IPv6.isValid(a)) && ipaddr.parse(a).match(net, length);
  };
  return { all: false, match };
}

function portMatcher(value: string): Matcher {
  if (value === 'any') return () => true;
  const port = PORT_NAMES[value] ?? value;
  if (!/^\d+$/.test(port) || Number(port) > 65535) throw errors.invalidValue('port', value);
  return (flow) => flow['src-port'] === String(Number(port)) || flow['dst-port'] === String(Number(port));
}

/**
 * `/tool/torch interface=X [mac-protocol=] [ip-protocol=] [src-address=] [dst-address=] [src-address6=]
 * [dst-address6=] [port=] [duration=|freeze-frame-interval=]`: the interface (which must exist) answers its traffic
 * now, from the interface traffic model split into the flows of model/torch-flows.ts. Without a classifier, one
 * total row; each classifier given adds its column and one row per distinct value (`any`, `0.0.0.0/0`, `::/0`
 * show them all; a protocol, an address or prefix, a port keeps only the flows that match). IPv6 addresses print
 * in the `src-address`/`dst-address` columns (chosen: the manual shows one address column). `vlan-id`, `dscp` and
 * `cpu` are taken but classify nothing (chosen: the simulator has no VLAN tags, DSCP or CPUs per flow).
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
  const arg = (key: string) => (body[key] === undefined ? undefined : String(body[key]));
  const mac = arg('mac-protocol');
  const ip = arg('ip-protocol');
  const matchers: Matcher[] = [];
  const keys = new Set<string>();
  if (mac !== undefined) {
    keys.add('mac-protocol');
    matchers.push((f) => mac === 'any' || mac === f['mac-protocol']);
  }
  if (ip !== undefined) {
    keys.add('ip-protocol');
    // A non-IP frame (ARP) has no IP protocol to match.
    matchers.push((f) => ip === 'any' || ((ip === 'any-ip' || ip === f['ip-protocol']) && f['ip-protocol'] !== ''));
  }
  for (const key of ['src-address', 'dst-address'] as const) {
    const v4 = arg(key);
    const v6 = arg(`${key}6`);
    if (v4 === undefined && v6 === undefined) continue;
    keys.add(key);
    const m4 = v4 === undefined ? undefined : addressMatcher(key, v4, 4);
    const m6 = v6 === undefined ? undefined : addressMatcher(key, v6, 6);
    // Each family's filter applies to its own flows; a flow of another family (or without addresses, ARP) passes
    // only when the filters given take every address (chosen: `0.0.0.0/0` classifies, a narrower prefix selects).
    const takesAll = (m?: { all: boolean }) => m?.all ?? true;
    matchers.push((f) => {
      const family = f['mac-protocol'] === 'ipv6' ? m6 : f['mac-protocol'] === 'ip' ? m4 : undefined;
      return family ? family.match(f) : takesAll(m4) && takesAll(m6);
    });
  }
  const port = arg('port');
  if (port !== undefined) {
    keys.add('src-port').add('dst-port');
    matchers.push(portMatcher(port));
  }
  const ctx = state.readContext();
  const sample = monitorSample(iface, ctx);
  const rate = (share: number, key: string) => String(Math.round(Number(sample[key]) * share));
  const row = (share: number, extra: Row): Row => ({
    ...extra,
    tx: rate(share, 'tx-bits-per-second'), rx: rate(share, 'rx-bits-per-second'),
    'tx-packets': rate(share, 'tx-packets-per-second'), 'rx-packets': rate(share, 'rx-packets-per-second'),
  });
  if (keys.size === 0) return [row(1, { '.section': '0' })];
  // Flows that look the same under the classifiers asked for are one row (udp over IPv4 and IPv6 by ip-protocol).
  const groups = new Map<string, { key: Row; share: number }>();
  for (const flow of torchFlows(iface, ctx)) {
    if (!matchers.every((m) => m(flow))) continue;
    const key: Row = Object.fromEntries(KEYS.filter((k) => keys.has(k)).map((k) => [k, flow[k]]));
    const id = JSON.stringify(key);
    groups.set(id, { key, share: (groups.get(id)?.share ?? 0) + flow.share });
  }
  return [...groups.values()].map(({ key, share }) => row(share, { '.section': '0', ...key }));
}
