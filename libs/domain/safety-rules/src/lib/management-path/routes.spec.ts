import type { Row } from '@routeros-mcp/domain-changes';
import { ipv4ToNumber } from './ip-range';
import { routeFor } from './routes';
import { parseSnapshot } from './snapshot';

const base = (): Record<string, Row[]> => ({
  interface: ['ether1', 'ether2', 'ether3'].map((name) => ({ name, type: 'ether', disabled: 'false' })),
  'ip/address': [
    { '.id': '*1', address: '10.0.0.1/24', interface: 'ether1', disabled: 'false' },
    { '.id': '*2', address: '192.0.2.2/30', interface: 'ether2', disabled: 'false' },
  ],
  'ip/route': [{ '.id': '*A', 'dst-address': '0.0.0.0/0', gateway: '192.0.2.1', distance: '1' }],
});
const route = (rows: Record<string, Row[]>, dst: string) => routeFor(parseSnapshot(rows), ipv4ToNumber('10.0.0.1')!, ipv4ToNumber(dst)!);

describe('routeFor', () => {
  it('prefers the connected subnet, then the default route', () => {
    expect(route(base(), '10.0.0.9')).toMatchObject({ kind: 'route', egress: 'ether1' });
    expect(route(base(), '198.51.100.1')).toMatchObject({ kind: 'route', egress: 'ether2', via: '192.0.2.1' });
  });

  it('skips a route whose gateway is unreachable', () => {
    const rows = base();
    rows['ip/route'].push({ '.id': '*B', 'dst-address': '198.51.100.0/24', gateway: '172.16.0.1' });
    expect(route(rows, '198.51.100.1')).toMatchObject({ egress: 'ether2', via: '192.0.2.1' });
  });

  it('resolves a recursive gateway through another route', () => {
    const rows = base();
    rows['ip/route'].push({ '.id': '*B', 'dst-address': '198.51.100.0/24', gateway: '203.0.113.9', 'target-scope': '30' });
    expect(route(rows, '198.51.100.1')).toMatchObject({ egress: 'ether2', via: '203.0.113.9' });
  });

  it('takes interface and scoped gateways', () => {
    const rows = base();
    rows['ip/route'].push({ '.id': '*B', 'dst-address': '198.51.100.0/24', gateway: 'ether3' }, { '.id': '*C', 'dst-address': '198.51.100.128/25', gateway: '10.0.0.7%ether1' });
    expect(route(rows, '198.51.100.1')).toMatchObject({ egress: 'ether3' });
    expect(route(rows, '198.51.100.200')).toMatchObject({ egress: 'ether1' });
  });

  it('loses routes through a disabled interface and connected routes of a disabled address', () => {
    const rows = base();
    rows['interface'][1] = { ...rows['interface'][1], disabled: 'true' };
    expect(route(rows, '198.51.100.1')).toMatchObject({ kind: 'none' });
    rows['ip/address'][0] = { ...rows['ip/address'][0], disabled: 'true' };
    expect(route(rows, '10.0.0.9')).toMatchObject({ kind: 'none' });
  });

  it('honours routing rules in order and falls back to main after a failed lookup', () => {
    const rows = base();
    rows['ip/route'].push({ '.id': '*B', 'dst-address': '0.0.0.0/0', gateway: '10.0.0.254', 'routing-table': 'mgmt' });
    rows['routing/rule'] = [
      { 'routing-mark': 'x', action: 'drop' },
      { 'src-address': '10.0.0.1/32', action: 'lookup', table: 'mgmt' },
    ];
    expect(route(rows, '198.51.100.1')).toMatchObject({ egress: 'ether1', via: '10.0.0.254' });
    rows['routing/rule'][1] = { 'src-address': '10.0.0.1/32', action: 'lookup', table: 'empty' };
    expect(route(rows, '198.51.100.1')).toMatchObject({ egress: 'ether2' });
  });
});
