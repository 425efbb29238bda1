import ipaddr from 'ipaddr.js';
import { errors } from '../rest/rest-error';
import { invalidArg, numberIn, outOfRangeText } from './arg-rules';
import type { GenericValueRule } from './generic-values';
import { U32 } from './value-bounds';
import { strictBool } from './menu-values';
import { shapedRule as shaped } from './value-rule-builders';

/**
 * Value syntax of the bridge firewall's matchers and actions (`/interface/bridge/filter`, `nat`, `calea`), from
 * MikroTik's CLI reference (`super { !, … }`: a matcher RouterOS negates with a leading `!`). Merged into the generic
 * bridge menus' table by model/bridge-values.ts. Left free, and why: docs/simulator.md.
 */
const CLI = 'https://manual.mikrotik.com/docs/cli-reference/interface/bridge';
const FILTER = `${CLI}/filter.md`;
const NAT = `${CLI}/nat.md`;
const CALEA = `${CLI}/calea.md`;

/** `!value` negates a matcher; the check applies to what follows, and the value is stored as written. */
const negatable = (check: (key: string, value: string) => void) => (key: string, value: string) => {
  check(key, value.startsWith('!') ? value.slice(1) : value);
  return value;
};
/**
 * A number up to `max`: decimal, or `0x` hex as the reference writes its bounds (`num [ .. 0xffff]`) and exports write
 * EtherTypes. Past the bound: `value of x out of range (0..max)` (chosen, as the generic integers word it).
 */
const upTo = (max: number) => (key: string, text: string) => {
  const m = /^(?:0x([0-9a-fA-F]+)|(\d+))$/.exec(text);
  if (!m) throw invalidArg(key);
  if ((m[1] !== undefined ? parseInt(m[1], 16) : Number(m[2])) > max) throw outOfRangeText(key, `0..${max}`);
};
/** `num [0 .. 65535]` and an optional `-num`: a port or STP field range, ascending. */
const range = (key: string, text: string) => {
  const m = /^(\d+)(?:-(\d+))?$/.exec(text);
  if (!m) throw invalidArg(key);
  numberIn(key, m[1], 0, 65535);
  if (m[2] !== undefined && Number(numberIn(key, m[2], 0, 65535)) < Number(m[1])) throw invalidArg(key);
};
/** One of the words, or a number up to `max` (`alt { enum (…), num [ .. max] }`). */
const wordOrNumber = (words: string[], max: number) => (key: string, text: string) => {
  if (words.includes(text)) return;
  if (!/^(0x[0-9a-fA-F]+|\d+)$/.test(text)) throw errors.noMatch(key);
  upTo(max)(key, text);
};
const oneOf = (words: string[]) => (key: string, text: string) => {
  if (!words.includes(text)) throw errors.noMatch(key);
};
/** `ip6Prefix`: an IPv6 address with an optional prefix length 0..128. */
const ipv6Prefix = (key: string, text: string) => {
  const [address, bits, extra] = text.split('/');
  if (extra !== undefined || !ipaddr.IPv6.isValid(address) || (bits !== undefined && (!/^\d{1,3}$/.test(bits) || Number(bits) > 128))) throw invalidArg(key);
};

const ARP_OPCODES = ['arp-nak', 'drarp-error', 'drarp-reply', 'drarp-request', 'inarp-reply', 'inarp-request', 'reply', 'reply-reverse', 'request', 'request-reverse'];
const STP_RANGES = ['stp-root-priority', 'stp-root-cost', 'stp-sender-priority', 'stp-port', 'stp-msg-age', 'stp-max-age', 'stp-hello-time', 'stp-forward-delay'];

/** The matchers the three menus share (their reference pages give them the same types). */
function matchers(source: string): Record<string, GenericValueRule> {
  return {
    '802.3-sap': shaped(negatable(upTo(0xff)), source),
    '802.3-type': shaped(negatable(upTo(0xffff)), source),
    'arp-hardware-type': shaped(negatable(upTo(0xffff)), source),
    'arp-packet-type': shaped(negatable(upTo(0xffff)), source),
    'arp-opcode': shaped(negatable(wordOrNumber(ARP_OPCODES, 65535)), source),
    // `super { gratuitous: bool }`: no `!`, stored as the booleans are.
    'arp-gratuitous': shaped((key, value) => strictBool(key, value), source),
    'src-port': shaped(negatable(range), source),
    'dst-port': shaped(negatable(range), source),
    ...Object.fromEntries(STP_RANGES.map((arg) => [arg, shaped(negatable(range), source)])),
    'stp-type': shaped(negatable(wordOrNumber(['config', 'tcn'], 255)), source),
    'stp-flags': shaped(negatable(wordOrNumber(['topology-change', 'topology-change-ack'], 255)), source),
    'ingress-priority': shaped(negatable((key, text) => void numberIn(key, text, 0, 63)), source),
    'vlan-id': shaped(negatable((key, text) => void numberIn(key, text, 0, 4095)), source),
    'vlan-priority': shaped(negatable((key, text) => void numberIn(key, text, 0, 7)), source),
    'packet-type': shaped(negatable(oneOf(['broadcast', 'host', 'multicast', 'other-host'])), source),
    'src-address6': shaped(negatable(ipv6Prefix), source),
    'dst-address6': shaped(negatable(ipv6Prefix), source),
  };
}

const FILTER_ACTIONS = ['accept', 'drop', 'jump', 'log', 'mark-packet', 'passthrough', 'return', 'set-priority'];

export const BRIDGE_FILTER_VALUES: Record<string, Record<string, GenericValueRule>> = {
  'interface/bridge/filter': { ...matchers(FILTER), action: { kind: 'enum', values: FILTER_ACTIONS, source: FILTER } },
  'interface/bridge/nat': { ...matchers(NAT), action: { kind: 'enum', values: [...FILTER_ACTIONS, 'arp-reply', 'dst-nat', 'redirect', 'src-nat'], source: NAT } },
  'interface/bridge/calea': {
    ...matchers(CALEA),
    action: { kind: 'enum', values: ['sniff', 'sniff-pc'], source: CALEA },
    'sniff-id': { kind: 'integer', min: 0, max: U32, source: CALEA },
    'sniff-target-port': { kind: 'integer', min: 0, max: U32, source: CALEA },
  },
};
