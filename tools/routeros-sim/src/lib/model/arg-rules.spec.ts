import { RestError } from '../rest/rest-error';
import { checkArg, durationSeconds, normaliseAddressSpec } from './arg-rules';

const rows: Record<string, Record<string, string>[]> = { interface: [{ name: 'ether1' }, { name: 'bridge' }], 'interface/list': [{ name: 'LAN' }], 'routing/table': [{ name: 'main' }] };
const ctx = (path: string) => ({ path, rowsOf: (p: string) => rows[p] ?? [] });
const check = (path: string, key: string, value: string) => {
  try {
    return checkArg(key, value, ctx(path));
  } catch (error) {
    return `! ${(error as RestError).detail}`;
  }
};

describe('address specs as RouterOS stores them', () => {
  it.each([
    ['10.0.0.1', '10.0.0.1'],
    ['10.0.0.1/32', '10.0.0.1'],
    ['10.0.0.77/8', '10.0.0.0/8'],
    ['10.0.0.0-10.0.0.255', '10.0.0.0/24'],
    ['10.0.0.4-10.0.0.4', '10.0.0.4'],
    ['10.0.0.1-10.0.0.4', '10.0.0.1-10.0.0.4'],
    ['10.0.0.4-10.0.0.1', undefined],
    ['10.0.0.1/40', undefined],
    ['host.example', undefined],
  ])('%s → %s', (input, stored) => expect(normaliseAddressSpec(input, 'ipv4')).toBe(stored));

  it('takes host names only where DNS names are allowed, and IPv6 only in IPv6 menus', () => {
    expect(normaliseAddressSpec('host.example', 'ipv4', true)).toBe('host.example');
    expect(normaliseAddressSpec('2001:db8::1/48', 'ipv6')).toBe('2001:db8::/48');
    expect(normaliseAddressSpec('2001:db8::1', 'ipv4')).toBeUndefined();
  });
});

describe('argument checks', () => {
  it.each([
    ['ip/firewall/filter', 'protocol', '!tcp', '!tcp'],
    ['ip/firewall/filter', 'protocol', '17', '17'],
    ['ip/firewall/filter', 'connection-state', 'established,related', 'established,related'],
    ['ip/firewall/filter', 'in-interface-list', '!LAN', '!LAN'],
    // RouterOS names the kind of value, as for in-interface (`…any value of interface`): an interface list.
    ['ip/firewall/filter', 'in-interface-list', 'WAN', '! input does not match any value of interface-list'],
    ['ip/firewall/filter', 'out-interface-list', '!WAN', '! input does not match any value of interface-list'],
    ['ip/firewall/filter', 'dst-port', '22,80-90', '22,80-90'],
    ['ip/firewall/filter', 'dst-port', '90-80', '! invalid value for argument dst-port'],
    ['ip/firewall/nat', 'action', 'masquerade', 'masquerade'],
    ['ip/firewall/mangle', 'action', 'mark-routing', 'mark-routing'],
    ['ip/address', 'address', '192.0.2.1', '192.0.2.1/32'],
    ['ip/route', 'gateway', '192.0.2.1%ether1', '192.0.2.1%ether1'],
    ['ip/route', 'gateway', 'bridge', 'bridge'],
    ['ip/route', 'routing-table', 'main', 'main'],
    ['ip/route', 'dst-address', '10.1.2.3/16', '10.1.0.0/16'],
    ['interface/bridge/vlan', 'vlan-ids', '1,10-20,4094', '1,10-20,4094'],
    ['interface/bridge/vlan', 'vlan-ids', '0', '! value of vlan-ids out of range (1..4094)'],
    ['ip/dhcp-server/lease', 'mac-address', 'aa-bb-cc-dd-ee-ff', 'AA:BB:CC:DD:EE:FF'],
    ['system/identity', 'name', 'anything goes', 'anything goes'],
  ])('%s %s=%s → %s', (path, key, value, expected) => expect(check(path, key, value)).toBe(expected));

  it('reads RouterOS time values', () => {
    expect([durationSeconds('1d2h'), durationSeconds('90'), durationSeconds('01:30:00'), durationSeconds('1w')]).toEqual([93600, 90, 5400, 604800]);
  });
});
