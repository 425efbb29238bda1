import type { Row } from '../rest/print-query';
import { ipv4Network } from './ip';
import { formatId } from './values';

type RowsOf = (path: string) => Row[];

/**
 * A DHCP client holds a lease only when a profile seeds one (`.lease-address`, `.lease-gateway`, `.lease-dns`,
 * `.lease-server`, `.lease-time`: the upstream server, which the simulator does not run), the client is enabled and its
 * interface runs. A client added later keeps `searching...` (chosen without a source; docs/simulator.md).
 */
export function isBound(client: Row, rowsOf: RowsOf): boolean {
  // A released lease (`/ip/dhcp-client release`, rest/dhcp-client-commands.ts) is given up until `renew`.
  if (client['disabled'] === 'true' || !client['.lease-address'] || client['.released'] === 'true') return false;
  const iface = rowsOf('interface').find((i) => i['name'] === client['interface']);
  return !!iface && iface['disabled'] !== 'true' && iface['.link'] !== 'down';
}

const idNumber = (row: Row) => parseInt((row['.id'] ?? '*0').slice(1), 16);

/** The dynamic address each bound client adds on its interface (ids derived from the client's, as connected routes'). */
export function leaseAddresses(clients: Row[], rowsOf: RowsOf): Row[] {
  return clients.filter((c) => isBound(c, rowsOf)).map((c) => ({
    '.id': formatId(0x7e000000 + idNumber(c)), address: c['.lease-address'], network: ipv4Network(c['.lease-address']) ?? '', interface: c['interface'], disabled: 'false', '.dynamic': 'true',
  }));
}

/** The dynamic default route a bound client adds unless `add-default-route=no`. */
export function leaseRoutes(clients: Row[], rowsOf: RowsOf): Row[] {
  return clients.filter((c) => isBound(c, rowsOf) && c['add-default-route'] !== 'no' && c['.lease-gateway']).map((c) => ({
    '.id': formatId(0x82000000 + idNumber(c)), 'dst-address': '0.0.0.0/0', gateway: c['.lease-gateway'], distance: c['default-route-distance'] ?? '1', scope: '30', 'target-scope': '10',
    'routing-table': 'main', disabled: 'false', 'suppress-hw-offload': 'false', '.dynamic': 'true',
  }));
}

/** The DNS servers bound clients with `use-peer-dns` give `/ip/dns` (`dynamic-servers`). */
export function leaseDnsServers(rowsOf: RowsOf): string {
  return rowsOf('ip/dhcp-client').filter((c) => isBound(c, rowsOf) && c['use-peer-dns'] !== 'false').flatMap((c) => (c['.lease-dns'] ?? '').split(',').filter(Boolean)).join(',');
}
