import type { GenericValueRule } from './generic-values';
import { FIREWALL_VALUES, firewallValue } from './firewall-values';
import { invalidArg, numberIn } from './arg-rules';

/**
 * `/ip/firewall/calea` (a generic menu): its CLI reference types its matchers as the mangle table's (`super { … }`), so
 * the firewall tables' rules (model/firewall-values.ts, firewall-more-values.ts) check them here too, with the port
 * lists and the two sniff actions. Left free: `chain` (typed as the five built-in chains, yet described as creating a
 * chain of any name), `protocol` (names the reference does not list), `layer7-protocol` (a row's name: the generic
 * rules do not read rows), and the marks, address lists, `content` and `tls-host` (text).
 */
const CALEA = 'https://manual.mikrotik.com/docs/cli-reference/ip/firewall/calea.md';
const ctx = { path: 'ip/firewall/calea', rowsOf: () => [] };
/** The calea matchers the firewall tables' rules describe (both trees take each; the tree describes none). */
const MATCHERS = ['connection-bytes', 'connection-limit', 'connection-type', 'dscp', 'dst-address-type', 'dst-limit', 'hotspot', 'icmp-options', 'ingress-priority', 'ipsec-policy', 'ipv4-options', 'limit', 'nth', 'packet-size', 'per-connection-classifier', 'priority', 'psd', 'random', 'realm', 'sniff-id', 'sniff-target-port', 'src-address-type', 'tcp-mss', 'time', 'ttl'];

/** `[!]port[-port][,…]`, each within 0..65535, ascending. */
const ports = (key: string, value: string) => {
  for (const part of (value.startsWith('!') ? value.slice(1) : value).split(',')) {
    const m = /^(\d+)(?:-(\d+))?$/.exec(part);
    if (!m) throw invalidArg(key);
    numberIn(key, m[1], 0, 65535);
    if (m[2] !== undefined && Number(numberIn(key, m[2], 0, 65535)) < Number(m[1])) throw invalidArg(key);
  }
  return value;
};

export const CALEA_VALUES: Record<string, GenericValueRule> = {
  ...Object.fromEntries(MATCHERS.filter((arg) => FIREWALL_VALUES[arg] !== undefined).map((arg) => [arg, { kind: 'shaped', source: CALEA, check: (key: string, value: string) => firewallValue(key, value, ctx) ?? value } as GenericValueRule])),
  action: { kind: 'enum', values: ['sniff', 'sniff-pc'], source: CALEA },
  'dst-port': { kind: 'shaped', check: ports, source: CALEA },
  'src-port': { kind: 'shaped', check: ports, source: CALEA },
  port: { kind: 'shaped', check: ports, source: CALEA },
};
