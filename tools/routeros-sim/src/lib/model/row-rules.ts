import type { Row } from '../rest/print-query';
import { errors, RestError } from '../rest/rest-error';
import { checkFileRow } from './files';

/**
 * The properties that carry each `/ip/dns/static` record type's data (MikroTik's DNS manual, static entries).
 * A record keeps only its own type's: a CNAME has no `address` (chosen: a property of another type is dropped, not
 * refused, as RouterOS prints only the type's own properties; docs/simulator.md).
 */
const DNS_TYPE_FIELDS: Record<string, readonly string[]> = {
  A: ['address'], AAAA: ['address'], CNAME: ['cname'], FWD: ['forward-to'], MX: ['mx-exchange', 'mx-preference'], NS: ['ns'],
  NXDOMAIN: [], SRV: ['srv-port', 'srv-priority', 'srv-target', 'srv-weight'], TXT: ['text'],
};
const DNS_DATA_FIELDS = [...new Set(Object.values(DNS_TYPE_FIELDS).flat())];

/** What a row must satisfy across its properties, checked on the row as it would be stored; may drop properties. */
export function checkRow(path: string, row: Row, others: Row[]): void {
  if (/firewall\/(filter|nat|mangle|raw)$/.test(path) && row['action'] === 'jump' && !row['jump-target']) throw new RestError(400, 'failure: jump-target not specified');
  if (/firewall\/(filter|nat|mangle|raw)$/.test(path)) {
    const ports = ['src-port', 'dst-port', 'port'].find((k) => row[k]);
    const protocol = (row['protocol'] ?? '').replace(/^!/, '');
    if (ports && !['tcp', 'udp', 'udp-lite', 'sctp', 'dccp', '6', '17'].includes(protocol)) throw new RestError(400, `failure: ${ports} can be used only with tcp, udp, udp-lite, sctp or dccp protocol`);
  }
  if (path === 'routing/rule' && (row['action'] ?? 'lookup').startsWith('lookup') && !row['table']) throw errors.missingValue('table');
  if (path === 'ip/dns/static') checkDnsStatic(row, others);
  if (path === 'file') checkFileRow(row);
  if (path === 'ip/dhcp-server/network' && others.some((r) => r['address'] === row['address'])) {
    // Chosen without a source: the wording of the simulator's other duplicate refusals (docs/simulator.md).
    throw errors.alreadyExists('such entry');
  }
  if (path === 'ip/dhcp-server/lease' && row['.dynamic'] !== 'true' && others.some((r) => r['.dynamic'] !== 'true' && r['address'] === row['address'])) {
    // Chosen without a source: worded as RouterOS's refusal of a second static lease for one MAC address.
    throw new RestError(400, 'failure: already have static lease with this IP address');
  }
}

function checkDnsStatic(row: Row, others: Row[]): void {
  if (!row['name'] && !row['regexp']) throw errors.missingValue('name');
  // An entry matches by exact name or by regexp, never both (chosen wording; docs/simulator.md).
  if (row['name'] && row['regexp']) throw new RestError(400, 'failure: name and regexp can not be used together');
  const type = row['type'] ?? 'A';
  const own = DNS_TYPE_FIELDS[type] ?? [];
  for (const field of DNS_DATA_FIELDS) if (!own.includes(field)) delete row[field];
  if (type === 'MX' && !row['mx-exchange']) throw errors.missingValue('mx-exchange');
  // Chosen without a source (docs/simulator.md): a CNAME without its target is refused as an MX without its exchange.
  if (type === 'CNAME' && !row['cname']) throw errors.missingValue('cname');
  // An exact duplicate: same match, type and data (comment, ttl and disabled aside); chosen wording, docs/simulator.md.
  const key = (r: Row) => JSON.stringify(['name', 'regexp', 'match-subdomain', ...DNS_DATA_FIELDS].map((f) => r[f] ?? '').concat(r['type'] ?? 'A'));
  if (others.some((r) => key(r) === key(row))) throw errors.alreadyExists('such entry');
}
