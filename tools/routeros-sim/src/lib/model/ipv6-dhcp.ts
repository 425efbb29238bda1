import type { Row } from '../rest/print-query';
import { RestError } from '../rest/rest-error';
import { numberIn } from './arg-rules';
import type { MenuSpec } from './menu-spec';
import { existingName, listOf, oneOf } from './menu-values';
import { Ctx, interfaceRunning, ipv6Prefix, newerBool, storedPrefix } from './ipv6-values';

/**
 * `/ipv6/pool` and the DHCPv6 client and server (IPv6 Pool and DHCPv6 pages). No DHCPv6 server answers: status
 * fields are those of a client with no server upstream.
 */

function poolArg(key: string, value: string): string | undefined {
  if (key === 'prefix') return storedPrefix(key, value);
  if (key === 'prefix-length') return numberIn(key, value, 1, 128);
  return undefined;
}

/**
 * A pool hands out prefixes of `prefix-length` from its `prefix`: that length cannot be shorter than the pool's own
 * (RouterOS refuses it; its wording is not documented, chosen: docs/simulator.md).
 */
export function checkPool(row: Row): void {
  const prefix = ipv6Prefix(row['prefix'] ?? '');
  if (prefix && Number(row['prefix-length']) < prefix.bits) throw new RestError(400, 'failure: prefix-length must be equal to or greater than the length of prefix');
}

const REQUESTS = ['address', 'info', 'prefix'];

function dhcpClientArg(key: string, value: string, ctx: Ctx): string | undefined {
  switch (key) {
    case 'request': return listOf(key, value, REQUESTS);
    case 'add-default-route': return oneOf(key, value, ['no', 'yes']);
    case 'pool-prefix-length': return numberIn(key, value, 0, 128);
    case 'default-route-distance': return numberIn(key, value, 0, 255);
    case 'prefix-hint': return storedPrefix(key, value);
    case 'interface': return existingName(key, value, 'interface', ctx.rowsOf);
    case 'accept-prefix-without-address': case 'allow-reconfigure': case 'validate-server-duid': return newerBool(key, value);
  }
  return undefined;
}

/** A client asking for a prefix puts it in a pool, so it needs `pool-name` (DHCPv6 client page; wording chosen). */
export function checkDhcpClient(row: Row, others: Row[]): void {
  const requests = (row['request'] ?? '').split(',');
  if (requests.includes('prefix') && !row['pool-name']) throw new RestError(400, 'failure: pool-name must be set when requesting prefix');
  // One client per interface (a second would ask the same server again); wording chosen (docs/simulator.md).
  if (others.some((o) => o['interface'] === row['interface'])) throw new RestError(400, 'failure: dhcpv6 client already exists on this interface');
}

/** DUID-LL of the interface's MAC (RFC 8415 type 3, hardware type 1), as RouterOS prints it: `0x00030001…`. */
export function duidOf(interfaces: Row[], name: string | undefined): string {
  const mac = interfaces.find((i) => i['name'] === name)?.['mac-address'];
  return mac ? `0x00030001${mac.replace(/[:-]/g, '').toLowerCase()}` : '';
}

function dhcpServerArg(key: string, value: string, ctx: Ctx): string | undefined {
  switch (key) {
    case 'interface': return existingName(key, value, 'interface', ctx.rowsOf);
    // `static-only` or an /ipv6/pool (DHCPv6 server page); `prefix-pool` (7.20) likewise.
    case 'address-pool': case 'prefix-pool':
      return value === 'static-only' ? value : existingName(key, value, 'ipv6/pool', ctx.rowsOf);
    case 'preference': return numberIn(key, value, 0, 255);
    case 'route-distance': return numberIn(key, value, 0, 255);
    case 'ignore-ia-na-bindings': case 'use-reconfigure': return newerBool(key, value);
    // `enum (no | yes | accounting)` (CLI reference, ipv6/dhcp-server), printed as written.
    case 'use-radius': return oneOf(key, value, ['accounting', 'no', 'yes']);
  }
  return undefined;
}

export const DHCP6_MENUS: MenuSpec[] = [
  {
    path: 'ipv6/pool', kind: 'table', writable: true, unique: 'name', required: ['name', 'prefix', 'prefix-length'], argRule: poolArg, checkRow: checkPool,
    computed: (row) => ({ dynamic: row['.dynamic'] ?? 'false', 'expires-after': '' }),
  },
  {
    path: 'ipv6/dhcp-client', kind: 'table', writable: true, bools: ['disabled', 'use-peer-dns', 'rapid-commit', 'use-interface-duid'],
    required: ['interface', 'request'], namedRefs: { interface: 'interface' }, argRule: dhcpClientArg,
    defaults: { disabled: 'false', 'add-default-route': 'no', 'use-peer-dns': 'true', 'rapid-commit': 'true', 'pool-prefix-length': '64', 'prefix-hint': '::/0', 'default-route-distance': '1', 'dhcp-options': '', 'use-interface-duid': 'false' },
    checkRow: (row, ctx) => checkDhcpClient(row, ctx.others.filter((o) => o['.id'] !== row['.id'])),
    // No DHCPv6 server answers a simulated client: it keeps searching (chosen, docs/simulator.md).
    computed: (row, ctx) => ({
      dynamic: 'false', invalid: String(!ctx.rowsOf('interface').some((i) => i['name'] === row['interface'])),
      status: row['disabled'] === 'true' ? 'stopped' : 'searching...', duid: duidOf(ctx.rowsOf('interface'), row['interface']),
    }),
  },
  {
    path: 'ipv6/dhcp-server', kind: 'table', writable: true, bools: ['disabled', 'rapid-commit', 'allow-dual-stack-queue'],
    unique: 'name', autoName: 'dhcp', required: ['interface'], namedRefs: { interface: 'interface', 'address-pool': 'ipv6/pool', 'prefix-pool': 'ipv6/pool' }, argRule: dhcpServerArg,
    defaults: { disabled: 'false', 'address-pool': 'static-only', 'lease-time': '1d', preference: '255', 'rapid-commit': 'true', 'route-distance': '1', 'use-radius': 'no' },
    computed: (row, ctx) => ({ dynamic: 'false', invalid: String(!interfaceRunning(ctx.rowsOf('interface'), row['interface'])) }),
  },
];
