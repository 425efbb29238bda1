import { DhcpInput, DhcpLease, DhcpNetwork, dhcpPlanner, DhcpPool, listEntrySpan, normalizeMac, parseHostAddress, parseNetwork } from '@routeros-mcp/domain-changes';
import { ValidationError } from '@routeros-mcp/domain-kernel';
import type { PlanTopic } from './plan-topic';
import { list, onlyKeys, record, stringList, text, uniqueBy } from './topic-fields';

export const DHCP_LIMIT = 200;
const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
const LINE = /^[^\r\n"]{1,200}$/;

function optional<T>(value: unknown, parse: (v: unknown) => T): T | undefined {
  return value === undefined ? undefined : parse(value);
}

function parsePool(value: unknown, at: string): DhcpPool {
  const p = record(value, at);
  onlyKeys(p, ['name', 'ranges', 'next-pool', 'comment'], `${at}.`);
  const ranges = stringList(p['ranges'], `${at}.ranges`);
  ranges.forEach((r, i) => {
    if (!listEntrySpan(r)) throw ValidationError.single(`${at}.ranges.${i}`, `'${r}' is not an IPv4 range a-b or prefix`);
  });
  const pool: DhcpPool = { name: text(p['name'], `${at}.name`, NAME, 'a pool name'), ranges };
  const next = optional(p['next-pool'], (v) => text(v, `${at}.next-pool`, NAME, 'a pool name'));
  const comment = optional(p['comment'], (v) => text(v, `${at}.comment`, LINE, 'one line of text without quotes'));
  return { ...pool, ...(next ? { 'next-pool': next } : {}), ...(comment ? { comment } : {}) };
}

function parseNet(value: unknown, at: string): DhcpNetwork {
  const n = record(value, at);
  onlyKeys(n, ['address', 'gateway', 'dns-server', 'ntp-server', 'domain', 'comment'], `${at}.`);
  const net: DhcpNetwork = { address: parseNetwork(text(n['address'], `${at}.address`), `${at}.address`).text };
  const gateway = optional(n['gateway'], (v) => parseHostAddress(text(v, `${at}.gateway`), `${at}.gateway`));
  const dns = optional(n['dns-server'], (v) => stringList(v, `${at}.dns-server`).map((s, i) => parseHostAddress(s, `${at}.dns-server.${i}`)));
  const ntp = optional(n['ntp-server'], (v) => stringList(v, `${at}.ntp-server`).map((s, i) => parseHostAddress(s, `${at}.ntp-server.${i}`)));
  const domain = optional(n['domain'], (v) => text(v, `${at}.domain`, /^[A-Za-z0-9.-]{1,253}$/, 'a domain name'));
  const comment = optional(n['comment'], (v) => text(v, `${at}.comment`, LINE, 'one line of text without quotes'));
  return { ...net, ...(gateway ? { gateway } : {}), ...(dns ? { 'dns-server': dns } : {}), ...(ntp ? { 'ntp-server': ntp } : {}), ...(domain ? { domain } : {}), ...(comment ? { comment } : {}) };
}

function parseLease(value: unknown, at: string): DhcpLease {
  const l = record(value, at);
  onlyKeys(l, ['mac-address', 'address', 'server', 'comment'], `${at}.`);
  const comment = optional(l['comment'], (v) => text(v, `${at}.comment`, LINE, 'one line of text without quotes'));
  return {
    'mac-address': normalizeMac(text(l['mac-address'], `${at}.mac-address`), `${at}.mac-address`),
    address: parseHostAddress(text(l['address'], `${at}.address`), `${at}.address`),
    server: text(l['server'], `${at}.server`, NAME, 'a DHCP server name (or all)'),
    ...(comment ? { comment } : {}),
  };
}

/**
 * DHCP pools, networks and static leases on every target: `{ pools?: [{ name, ranges, next-pool?, comment? }],
 * networks?: [{ address, gateway?, dns-server?, ntp-server?, domain?, comment? }], leases?: [{ mac-address, address,
 * server, comment? }], remove?: { pools?: [name], networks?: [address], leases?: [{ mac-address, server }] } }`.
 */
export const dhcpTopic: PlanTopic<DhcpInput> = {
  name: 'dhcp',
  tool: 'dhcp_plan_step',
  requiresFlag: 'allow_dhcp_writes',
  parse(change) {
    onlyKeys(change, ['pools', 'networks', 'leases', 'remove'], '');
    const pools = list(change['pools'], 'pools', DHCP_LIMIT).map((p, i) => parsePool(p, `pools.${i}`));
    const networks = list(change['networks'], 'networks', DHCP_LIMIT).map((n, i) => parseNet(n, `networks.${i}`));
    const leases = list(change['leases'], 'leases', DHCP_LIMIT).map((l, i) => parseLease(l, `leases.${i}`));
    const rm = change['remove'] === undefined ? {} : record(change['remove'], 'remove');
    onlyKeys(rm, ['pools', 'networks', 'leases'], 'remove.');
    const remove = {
      pools: list(rm['pools'], 'remove.pools', DHCP_LIMIT).map((p, i) => text(p, `remove.pools.${i}`, NAME, 'a pool name')),
      networks: list(rm['networks'], 'remove.networks', DHCP_LIMIT).map((n, i) => parseNetwork(text(n, `remove.networks.${i}`), `remove.networks.${i}`).text),
      leases: list(rm['leases'], 'remove.leases', DHCP_LIMIT).map((v, i) => {
        const l = record(v, `remove.leases.${i}`);
        onlyKeys(l, ['mac-address', 'server'], `remove.leases.${i}.`);
        return { 'mac-address': normalizeMac(text(l['mac-address'], `remove.leases.${i}.mac-address`), `remove.leases.${i}.mac-address`), server: text(l['server'], `remove.leases.${i}.server`, NAME, 'a DHCP server name') };
      }),
    };
    if (pools.length + networks.length + leases.length + remove.pools.length + remove.networks.length + remove.leases.length === 0) throw ValidationError.single('pools', 'give pools, networks, leases or removals');
    uniqueBy(pools, (p) => p.name, 'pools');
    uniqueBy(networks, (n) => n.address, 'networks');
    uniqueBy(leases, (l) => `${l['mac-address']}@${l.server}`, 'leases');
    uniqueBy(leases, (l) => `${l.address}@${l.server}`, 'leases');
    const clash = remove.pools.find((p) => pools.some((d) => d.name === p)) ?? remove.networks.find((n) => networks.some((d) => d.address === n)) ?? remove.leases.map((l) => `${l['mac-address']}@${l.server}`).find((k) => leases.some((d) => `${d['mac-address']}@${d.server}` === k));
    if (clash) throw ValidationError.single('remove', `${clash} is both held and removed`);
    return { pools, networks, leases, remove };
  },
  describe: (input) => `DHCP: ${input.pools.length} pool(s), ${input.networks.length} network(s), ${input.leases.length} lease(s)${input.remove.pools.length + input.remove.networks.length + input.remove.leases.length ? `, ${input.remove.pools.length + input.remove.networks.length + input.remove.leases.length} removal(s)` : ''}`,
  planner: dhcpPlanner,
};
