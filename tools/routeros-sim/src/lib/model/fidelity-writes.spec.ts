import { DeviceState } from './device-state';
import { seedConfig } from './profiles';
import { detail } from '../testing/rest-error-detail.fixture';
import { RestError } from '../rest/rest-error';

// Fidelity defects an independent review found (issue 23); docs/simulator.md lists the choices made without a source.
const users = [{ name: 'admin', password: 'x', group: 'full' as const }];
const clock = 1_700_000_000_000;
const device = (profile: 'home' | 'edge' = 'home') => new DeviceState('7.20.5', 42, () => seedConfig({ profile, version: '7.20.5', identity: 'r1', index: 0, users }), () => clock);

describe('/ip/dns/static', () => {
  it('prints an A record without `type` (RouterOS leaves the default type out)', () => {
    expect(device().add('ip/dns/static', { name: 'nas.lan', address: '192.168.88.5' })).not.toHaveProperty('type');
  });

  it('refuses an exact duplicate, but takes the same name with other data', () => {
    const s = device();
    s.add('ip/dns/static', { name: 'nas.lan', address: '192.168.88.5' });
    expect(detail(() => s.add('ip/dns/static', { name: 'nas.lan', address: '192.168.88.5', comment: 'again' }))).toBe('failure: already have such entry');
    expect(s.add('ip/dns/static', { name: 'nas.lan', address: '192.168.88.6' })).toMatchObject({ address: '192.168.88.6' });
  });

  it('keeps only the type’s own data: a CNAME drops its address, added or set', () => {
    const s = device();
    expect(s.add('ip/dns/static', { name: 'www.lan', type: 'CNAME', cname: 'nas.lan', address: '192.168.88.5' })).not.toHaveProperty('address');
    const a = s.add('ip/dns/static', { name: 'old.lan', address: '192.168.88.7' });
    const set = s.update('ip/dns/static', a['.id'], { type: 'CNAME', cname: 'nas.lan' });
    expect(set).toMatchObject({ type: 'CNAME', cname: 'nas.lan' });
    expect(set).not.toHaveProperty('address');
  });

  it('refuses a CNAME without cname, added or set over an A record, and changes nothing', () => {
    const s = device();
    expect(detail(() => s.add('ip/dns/static', { name: 'www.lan', type: 'CNAME' }))).toBe('missing value for cname');
    expect(detail(() => s.add('ip/dns/static', { name: 'www.lan', type: 'CNAME', address: '192.168.88.5' }))).toBe('missing value for cname');
    const a = s.add('ip/dns/static', { name: 'old.lan', address: '192.168.88.7' });
    expect(detail(() => s.update('ip/dns/static', a['.id'], { type: 'CNAME' }))).toBe('missing value for cname');
    expect(s.list('ip/dns/static').filter((r) => r['name'] === 'www.lan' || r['name'] === 'old.lan')).toEqual([expect.objectContaining({ name: 'old.lan', address: '192.168.88.7' })]);
  });

  it('refuses an MX without mx-exchange, and name together with regexp', () => {
    const s = device();
    expect(detail(() => s.add('ip/dns/static', { name: 'mail.lan', type: 'MX' }))).toBe('missing value for mx-exchange');
    expect(detail(() => s.add('ip/dns/static', { name: 'a.lan', regexp: '.*\\.lan', address: '192.168.88.5' }))).toBe('failure: name and regexp can not be used together');
    const r = s.add('ip/dns/static', { regexp: '.*\\.lan', address: '192.168.88.5' });
    expect(detail(() => s.update('ip/dns/static', r['.id'], { name: 'a.lan' }))).toBe('failure: name and regexp can not be used together');
  });
});

describe('DHCP server', () => {
  it('refuses a second network with the same address, and a network with host bits', () => {
    const s = device();
    expect(detail(() => s.add('ip/dhcp-server/network', { address: '192.168.88.0/24', gateway: '192.168.88.1' }))).toBe('failure: already have such entry');
    expect(detail(() => s.add('ip/dhcp-server/network', { address: '10.0.0.1/24' }))).toBe('invalid value for argument address');
    expect(s.add('ip/dhcp-server/network', { address: '10.0.0.0/24' })).toMatchObject({ address: '10.0.0.0/24' });
  });

  it('refuses one address on two static leases, and prints `server` only when it is set', () => {
    const s = device();
    const lease = s.add('ip/dhcp-server/lease', { address: '192.168.88.50', 'mac-address': 'A4:83:E7:00:00:50' });
    expect(lease).not.toHaveProperty('server');
    expect(detail(() => s.add('ip/dhcp-server/lease', { address: '192.168.88.50', 'mac-address': 'A4:83:E7:00:00:51' }))).toBe('failure: already have static lease with this IP address');
    expect(s.add('ip/dhcp-server/lease', { address: '192.168.88.51', 'mac-address': 'A4:83:E7:00:00:51', server: 'defconf' })).toMatchObject({ server: 'defconf' });
  });
});

describe('address lists', () => {
  it('take a duplicate of a disabled entry, refuse one of an enabled entry, and refuse enabling into a clash', () => {
    const s = device('edge');
    const first = s.add('ip/firewall/address-list', { list: 'x', address: '192.0.2.1', disabled: 'yes' });
    const second = s.add('ip/firewall/address-list', { list: 'x', address: '192.0.2.1' });
    expect(second).toMatchObject({ disabled: 'false' });
    expect(detail(() => s.add('ip/firewall/address-list', { list: 'x', address: '192.0.2.1' }))).toBe('failure: already have such entry');
    expect(detail(() => s.setDisabled('ip/firewall/address-list', [first['.id']], false))).toBe('failure: already have such entry');
  });
});

describe('move', () => {
  const ids = (s: DeviceState) => s.list('ip/firewall/filter').map((r) => r['.id']);
  it('refuses moving an item before itself, answers 404 for an unknown item, and moves to the end for an unknown destination', () => {
    const s = device('edge');
    const before = ids(s);
    expect(detail(() => s.move('ip/firewall/filter', [before[1]], before[1]))).toBe('failure: can not move item before itself');
    let status: number | undefined;
    try {
      s.move('ip/firewall/filter', ['*77'], before[0]);
    } catch (error) {
      status = (error as RestError).status;
    }
    expect(status).toBe(404);
    s.move('ip/firewall/filter', [before[0]], '*77');
    expect(ids(s)).toEqual([...before.slice(1), before[0]]);
  });
});

describe('bridge VLANs', () => {
  it('refuse a tagged or untagged port that is no interface', () => {
    const s = device();
    expect(detail(() => s.add('interface/bridge/vlan', { bridge: 'bridge', 'vlan-ids': '10', tagged: 'bridge,ether99' }))).toBe('input does not match any value of tagged');
    expect(detail(() => s.add('interface/bridge/vlan', { bridge: 'bridge', 'vlan-ids': '10', untagged: 'ether99' }))).toBe('input does not match any value of untagged');
    expect(s.add('interface/bridge/vlan', { bridge: 'bridge', 'vlan-ids': '10', tagged: 'bridge,ether2' })).toMatchObject({ tagged: 'bridge,ether2' });
  });
});
