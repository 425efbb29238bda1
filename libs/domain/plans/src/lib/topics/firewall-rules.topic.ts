import { FILTER_ACTIONS, FirewallRulesInput, firewallRulesPlanner, FirewallTable, MANAGED_KEY, ManagedRule, validateFilterRule, validateNatRule } from '@routeros-mcp/domain-changes';
import { ValidationError } from '@routeros-mcp/domain-kernel';
import type { PlanTopic } from './plan-topic';
import { list, onlyKeys, record, routerOsValue, text, uniqueBy } from './topic-fields';

export const FIREWALL_RULES_LIMIT = 50;

/** Matchers both tables share (RouterOS names), kept to what the topic's rules need and both versions take. */
const MATCHERS = [
  'protocol', 'src-address', 'dst-address', 'src-address-list', 'dst-address-list', 'src-address-type', 'dst-address-type', 'src-port', 'dst-port', 'port',
  'in-interface', 'out-interface', 'in-interface-list', 'out-interface-list', 'connection-mark', 'packet-mark', 'routing-mark', 'connection-type', 'icmp-options',
  'ipsec-policy', 'limit', 'time', 'log', 'log-prefix', 'disabled',
] as const;
const PROPS: Readonly<Record<FirewallTable, readonly string[]>> = {
  filter: ['chain', 'action', 'jump-target', 'reject-with', 'connection-state', 'connection-nat-state', 'tcp-flags', ...MATCHERS],
  nat: ['chain', 'action', 'jump-target', 'to-addresses', 'to-ports', ...MATCHERS],
};
export const NAT_ACTIONS = ['accept', 'masquerade', 'src-nat', 'dst-nat', 'redirect', 'netmap', 'same', 'jump', 'return', 'log', 'passthrough', 'endpoint-independent-nat'] as const;
const FIELDS = ['key', 'table', 'placement', 'note'];

function parseRule(value: unknown, at: string): ManagedRule {
  const rule = record(value, at);
  const table = (rule['table'] ?? 'filter') as FirewallTable;
  if (table !== 'filter' && table !== 'nat') throw ValidationError.single(`${at}.table`, 'must be filter or nat');
  onlyKeys(rule, [...FIELDS, ...PROPS[table]], `${at}.`);
  const key = text(rule['key'], `${at}.key`, MANAGED_KEY, 'a key of letters, digits, . _ - (up to 48), the rule is tagged mcp:<key>');
  const placement = rule['placement'] ?? 'top';
  if (placement !== 'top' && placement !== 'bottom') throw ValidationError.single(`${at}.placement`, 'must be top or bottom (of the rule\'s chain)');
  const note = rule['note'] === undefined ? undefined : text(rule['note'], `${at}.note`, /^[^\r\n"]{1,200}$/, 'one line of text without quotes');
  const props: Record<string, string> = {};
  for (const name of PROPS[table]) if (rule[name] !== undefined) props[name] = routerOsValue(rule[name], `${at}.${name}`);
  const actions: readonly string[] = table === 'filter' ? FILTER_ACTIONS : NAT_ACTIONS;
  if (!props['action'] || !actions.includes(props['action'])) throw ValidationError.single(`${at}.action`, `must be one of ${actions.join(', ')}`);
  try {
    if (table === 'filter') validateFilterRule(props);
    else validateNatRule(props);
  } catch (error) {
    // The rule's own field names, prefixed with where it is in the change.
    if (error instanceof ValidationError) throw new ValidationError(error.errors.map((e) => ({ ...e, field: `${at}.${e.field}` })));
    throw error;
  }
  return { key, table, placement, props, ...(note ? { note } : {}) };
}

/**
 * Filter and NAT rules a plan owns, tagged `mcp:<key>` in their comment: `{ rules: [{ key, table?, placement?, note?,
 * chain, action, …matchers }], remove?: [{ key, table? }] }`. The listed order is the order on every device.
 */
export const firewallRulesTopic: PlanTopic<FirewallRulesInput> = {
  name: 'firewall_rules',
  tool: 'firewall_rules_plan_step',
  requiresFlag: 'allow_firewall_writes',
  parse(change) {
    onlyKeys(change, ['rules', 'remove'], '');
    const rules = list(change['rules'], 'rules', FIREWALL_RULES_LIMIT).map((r, i) => parseRule(r, `rules.${i}`));
    const remove = list(change['remove'], 'remove', FIREWALL_RULES_LIMIT).map((r, i) => {
      const item = record(r, `remove.${i}`);
      onlyKeys(item, ['key', 'table'], `remove.${i}.`);
      const table = (item['table'] ?? 'filter') as FirewallTable;
      if (table !== 'filter' && table !== 'nat') throw ValidationError.single(`remove.${i}.table`, 'must be filter or nat');
      return { table, key: text(item['key'], `remove.${i}.key`, MANAGED_KEY, 'a rule key') };
    });
    if (rules.length === 0 && remove.length === 0) throw ValidationError.single('rules', 'give rules to hold, keys to remove, or both');
    uniqueBy(rules, (r) => `${r.table}:${r.key}`, 'rules');
    uniqueBy(remove, (r) => `${r.table}:${r.key}`, 'remove');
    const both = remove.find((r) => rules.some((d) => d.table === r.table && d.key === r.key));
    if (both) throw ValidationError.single('remove', `${both.table} rule ${both.key} is both kept and removed`);
    return { rules, remove };
  },
  describe: (input) => [input.rules.length ? `${input.rules.length} rule(s): ${input.rules.map((r) => `${r.table}/${r.props['chain']}:${r.key}`).join(', ')}` : '', input.remove.length ? `remove ${input.remove.map((r) => `${r.table}:${r.key}`).join(', ')}` : ''].filter(Boolean).join('; '),
  planner: firewallRulesPlanner,
};
