import { ValidationError } from '@routeros-mcp/domain-kernel';
import type { RiskLevel } from '../../change-planner';
import type { LiveRows, Row } from '../../row-operation';
import { listEntrySpan } from '../common/ipv4';
import { isDynamic, rowsOf } from '../common/rows';
import { ChangeNotPermittedError, ChangePreconditionError, ChangeTargetNotFoundError } from '../errors/planner-errors';

export const FILTER_MENU = 'ip/firewall/filter';

/** The filter chain's actions (MikroTik's "Common Firewall Matchers and Actions" page, filter table). */
export const FILTER_ACTIONS = ['accept', 'drop', 'reject', 'jump', 'return', 'log', 'passthrough', 'tarpit', 'fasttrack-connection', 'add-src-to-address-list', 'add-dst-to-address-list'] as const;
/** The protocols rules name most often (RouterOS takes more, and numbers): the list stays short for tools/list. */
export const PROTOCOLS = ['tcp', 'udp', 'icmp', 'gre', 'ipsec-esp', 'ipsec-ah', 'ospf', 'vrrp', 'sctp', 'igmp'] as const;
export const CONNECTION_STATES = ['established', 'related', 'new', 'invalid', 'untracked'] as const;
export const CONNECTION_NAT_STATES = ['srcnat', 'dstnat'] as const;
/** The usual replies of a reject (RouterOS's default is icmp-network-unreachable). */
export const REJECT_WITH = ['icmp-network-unreachable', 'icmp-host-unreachable', 'icmp-port-unreachable', 'icmp-admin-prohibited', 'tcp-reset'] as const;

/** Protocols whose packets have ports (RouterOS refuses `dst-port` without one of them). */
const PORTED = new Set(['tcp', 'udp', 'udp-lite', 'sctp', 'dccp', '6', '17']);

/**
 * The rule properties the tools take, by their RouterOS names. Strings are written as given; lists join with
 * commas; booleans become `true`/`false`. On update an empty string (or list) returns the property to its default.
 */
export interface FilterRuleProps {
  chain?: string;
  action?: (typeof FILTER_ACTIONS)[number];
  'jump-target'?: string;
  'reject-with'?: (typeof REJECT_WITH)[number] | '';
  protocol?: string;
  'src-address'?: string;
  'dst-address'?: string;
  'src-address-list'?: string;
  'dst-address-list'?: string;
  'src-port'?: string;
  'dst-port'?: string;
  'in-interface'?: string;
  'out-interface'?: string;
  'in-interface-list'?: string;
  'out-interface-list'?: string;
  'connection-state'?: readonly (typeof CONNECTION_STATES)[number][];
  'connection-nat-state'?: readonly (typeof CONNECTION_NAT_STATES)[number][];
  log?: boolean;
  'log-prefix'?: string;
  comment?: string;
  disabled?: boolean;
}

/** The props as RouterOS strings; `undefined` values are left out, and empty ones too unless `keepEmpty` (update: unset). */
export function ruleStrings(props: FilterRuleProps, keepEmpty = false): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(props)) {
    if (value === undefined || (!keepEmpty && (value === '' || (Array.isArray(value) && value.length === 0)))) continue;
    out[name] = Array.isArray(value) ? value.join(',') : String(value);
  }
  return out;
}

/** Where a rule is addressed: its `.id` and the position `firewall_list_filter_rules` showed for it (0-based). */
export interface RuleRef {
  id: string;
  position: number;
}

/**
 * The live rule `ref` names, checked to be still where the caller saw it: rules shift when others are added or
 * removed, and a model must never edit a neighbour by mistake. Dynamic rules (RouterOS's own) are never written.
 */
export function locateRule(live: LiveRows, ref: RuleRef, field = 'id'): { row: Row; index: number } {
  const rows = rowsOf(live, FILTER_MENU);
  const index = rows.findIndex((r) => r['.id'] === ref.id);
  if (index < 0) throw new ChangeTargetNotFoundError(`filter rule ${ref.id} does not exist; list the rules again`, { menu: FILTER_MENU, field, id: ref.id });
  if (index !== ref.position) {
    throw new ChangePreconditionError(`rule ${ref.id} is now at position ${index}, not ${ref.position}; list the rules again`, { menu: FILTER_MENU, field, id: ref.id, expected_position: ref.position, position: index });
  }
  const row = rows[index];
  if (isDynamic(row)) throw new ChangeNotPermittedError(`rule ${ref.id} is dynamic (RouterOS's own); it cannot be changed or used as an anchor`, { menu: FILTER_MENU, field, id: ref.id });
  return { row, index };
}

function checkAddress(rule: Row, name: string, errors: { field: string; message: string }[]): void {
  const value = rule[name];
  if (value && !listEntrySpan(value.replace(/^!/, ''))) errors.push({ field: name, message: `'${value}' is not an IPv4 address, prefix or range` });
}

function checkPorts(rule: Row, name: string, errors: { field: string; message: string }[]): void {
  const value = rule[name];
  if (!value) return;
  const ports = value.replace(/^!/, '').split(/[,-]/);
  if (!ports.every((p) => /^\d{1,5}$/.test(p) && Number(p) <= 65535)) errors.push({ field: name, message: `'${value}' is not a port, list or range (22, 80,443, 8000-8100)` });
  else if (!PORTED.has(rule['protocol'] ?? '')) errors.push({ field: name, message: 'needs protocol tcp, udp, udp-lite, sctp or dccp' });
}

/** What RouterOS would refuse about the whole rule, or accept in a form that does not mean what was asked. */
export function validateRule(rule: Row): void {
  const errors: { field: string; message: string }[] = [];
  const action = rule['action'] ?? 'accept';
  if (!rule['chain']) errors.push({ field: 'chain', message: 'is required' });
  if (action === 'jump' && !rule['jump-target']) errors.push({ field: 'jump-target', message: 'is required for action jump' });
  if (action !== 'jump' && rule['jump-target']) errors.push({ field: 'jump-target', message: 'is only for action jump' });
  if (action === 'jump' && rule['jump-target'] === rule['chain']) errors.push({ field: 'jump-target', message: 'jumps to its own chain (a loop)' });
  if (action !== 'reject' && rule['reject-with']) errors.push({ field: 'reject-with', message: 'is only for action reject' });
  const protocol = rule['protocol'];
  if (protocol && !/^!?[a-z][a-z0-9-]*$/.test(protocol) && !(/^!?\d{1,3}$/.test(protocol) && Number(protocol.replace('!', '')) <= 255)) errors.push({ field: 'protocol', message: `'${protocol}' is not a protocol name or number 0-255` });
  for (const name of ['src-address', 'dst-address']) checkAddress(rule, name, errors);
  for (const name of ['src-port', 'dst-port']) checkPorts(rule, name, errors);
  if (errors.length) throw new ValidationError(errors);
}

/** Input-chain rules decide what reaches the router itself, the management path included. */
export const ruleRisk = (...rules: (Row | undefined)[]): RiskLevel => (rules.some((r) => r?.['chain'] === 'input') ? 'high' : 'medium');

/** `input drop tcp dst-port=22` for summaries. */
export function ruleText(rule: Row): string {
  const matchers = ['protocol', 'src-address', 'dst-address', 'src-address-list', 'dst-address-list', 'dst-port', 'in-interface', 'in-interface-list', 'connection-state'].filter((n) => rule[n]).map((n) => `${n}=${rule[n]}`);
  return [rule['chain'], rule['action'] ?? 'accept', ...matchers].join(' ');
}

/** ` before *3 (position 2)` or ` at the end`. */
export const placeText = (anchor: RuleRef | undefined): string => (anchor ? ` before ${anchor.id} (position ${anchor.position})` : ' at the end');
