import type { ChangePlanner } from '../../change-planner';
import type { Row } from '../../row-operation';
import { change, noChange } from '../common/outcome';
import { isDynamic, rowsOf } from '../common/rows';
import { ChangeOverlapError, ChangePreconditionError, ChangeTargetNotFoundError } from '../errors/planner-errors';
import { LEASE_MENU, leaseMac, SERVER_MENU } from '../dhcp/static-lease';
import { combineSyncs, DesiredRow, KeyedMenu, syncKeyedRows } from './keyed-rows';

export const POOL_MENU = 'ip/pool';
export const NETWORK_MENU = 'ip/dhcp-server/network';

export interface DhcpPool {
  name: string;
  /** `a.b.c.d-e.f.g.h` ranges or prefixes, as RouterOS takes them. */
  ranges: readonly string[];
  'next-pool'?: string;
  comment?: string;
}
export interface DhcpNetwork {
  /** The network, `a.b.c.d/n` (its own form: no host bits). */
  address: string;
  gateway?: string;
  'dns-server'?: readonly string[];
  'ntp-server'?: readonly string[];
  domain?: string;
  comment?: string;
}
export interface DhcpLease {
  'mac-address': string;
  address: string;
  /** The DHCP server's name; `all` for every server. */
  server: string;
  comment?: string;
}

export interface DhcpInput {
  pools: readonly DhcpPool[];
  networks: readonly DhcpNetwork[];
  leases: readonly DhcpLease[];
  remove: { pools: readonly string[]; networks: readonly string[]; leases: readonly { 'mac-address': string; server: string }[] };
}

const leaseKey = (mac: string, server: string) => `${mac.toUpperCase()}@${server}`;
const MENUS: Readonly<Record<'pools' | 'networks' | 'leases', KeyedMenu>> = {
  pools: { menu: POOL_MENU, keyOf: (r) => r['name'], managed: ['ranges', 'next-pool', 'comment'] },
  networks: { menu: NETWORK_MENU, keyOf: (r) => (isDynamic(r) ? undefined : r['address']), managed: ['gateway', 'dns-server', 'ntp-server', 'domain', 'comment'] },
  // Dynamic leases are the server's own: a static one for the same client is a new row.
  leases: { menu: LEASE_MENU, keyOf: (r) => (isDynamic(r) ? undefined : leaseKey(leaseMac(r), r['server'] ?? 'all')), managed: ['address', 'comment'] },
};

const joined = (list: readonly string[] | undefined) => (list === undefined ? undefined : list.join(','));
const defined = (props: Record<string, string | undefined>): Record<string, string> => Object.fromEntries(Object.entries(props).filter((e): e is [string, string] => e[1] !== undefined));

/** Pools still named by a server or another pool cannot go: RouterOS would leave the server without addresses. */
function checkPoolRemovals(live: Readonly<Record<string, readonly Row[]>>, input: DhcpInput): void {
  for (const name of input.remove.pools) {
    const server = rowsOf(live, SERVER_MENU).find((s) => s['address-pool'] === name);
    const pool = rowsOf(live, POOL_MENU).find((p) => p['next-pool'] === name && !input.remove.pools.includes(p['name']));
    const kept = input.pools.find((p) => p['next-pool'] === name);
    if (server || pool || kept) throw new ChangePreconditionError(`pool ${name} is still used by ${server ? `DHCP server ${server['name']}` : `pool ${(pool ?? kept)!['name']}`}`, { field: 'remove.pools', pool: name });
  }
}

/** Static leases must name an existing server and must not take an address another client holds. */
function checkLeases(live: Readonly<Record<string, readonly Row[]>>, input: DhcpInput): void {
  const removed = new Set(input.remove.leases.map((l) => leaseKey(l['mac-address'], l.server)));
  input.leases.forEach((lease, i) => {
    if (lease.server !== 'all' && !rowsOf(live, SERVER_MENU).some((s) => s['name'] === lease.server)) {
      throw new ChangeTargetNotFoundError(`DHCP server '${lease.server}' does not exist on the device`, { field: `leases.${i}.server`, server: lease.server });
    }
    const other = rowsOf(live, LEASE_MENU).find(
      (l) => l['address'] === lease.address && leaseMac(l) !== lease['mac-address'] && (l['server'] === lease.server || l['server'] === 'all' || lease.server === 'all') && !(!isDynamic(l) && removed.has(leaseKey(leaseMac(l), l['server'] ?? 'all'))),
    );
    if (other) throw new ChangeOverlapError(`${lease.address} is leased to ${leaseMac(other)} (${other['.id']}${isDynamic(other) ? ', dynamic' : ''})`, { field: `leases.${i}.address`, id: other['.id'] });
  });
}

/**
 * dhcp: pools by name, DHCP networks by address and static leases by MAC and server made to hold exactly the listed
 * properties (added or modified; optional ones unset when not listed), and the listed ones removed. Other rows and
 * dynamic leases are never written. Removals go leases, networks, pools (what names a pool goes before it); additions
 * go pools, networks, leases (a pool exists before a network or server needs it).
 */
export const dhcpPlanner: ChangePlanner<DhcpInput> = {
  reads: () => [POOL_MENU, NETWORK_MENU, SERVER_MENU, LEASE_MENU],
  propose(live, input) {
    checkPoolRemovals(live, input);
    checkLeases(live, input);
    const pools: DesiredRow[] = input.pools.map((p) => ({ key: p.name, props: defined({ name: p.name, ranges: p.ranges.join(','), 'next-pool': p['next-pool'], comment: p.comment }) }));
    const networks: DesiredRow[] = input.networks.map((n) => ({
      key: n.address,
      props: defined({ address: n.address, gateway: n.gateway, 'dns-server': joined(n['dns-server']), 'ntp-server': joined(n['ntp-server']), domain: n.domain, comment: n.comment }),
    }));
    const leases: DesiredRow[] = input.leases.map((l) => ({ key: leaseKey(l['mac-address'], l.server), props: defined({ address: l.address, 'mac-address': l['mac-address'], server: l.server, comment: l.comment }) }));
    const syncs = [
      syncKeyedRows(rowsOf(live, POOL_MENU), MENUS.pools, pools, input.remove.pools),
      syncKeyedRows(rowsOf(live, NETWORK_MENU), MENUS.networks, networks, input.remove.networks),
      syncKeyedRows(rowsOf(live, LEASE_MENU), MENUS.leases, leases, input.remove.leases.map((l) => leaseKey(l['mac-address'], l.server))),
    ];
    const { operations, touched } = combineSyncs(syncs, [2, 1, 0]);
    const count = (i: number) => syncs[i].adds.length + syncs[i].sets.length + syncs[i].removes.length;
    if (operations.length === 0) return noChange('the DHCP pools, networks and static leases already hold as listed');
    return change({
      summary: `DHCP: ${count(0)} pool, ${count(1)} network and ${count(2)} static lease change(s)`,
      operations,
      touched,
      risk: 'medium',
    });
  },
};
