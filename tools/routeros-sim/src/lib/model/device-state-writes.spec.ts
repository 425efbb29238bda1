import { DeviceState } from './device-state';
import { seedConfig } from './profiles';
import { detail } from '../testing/rest-error-detail.fixture';

const users = [{ name: 'admin', password: 'x', group: 'full' as const }];
let clock = 1_700_000_000_000;
const device = (profile: 'home' | 'edge' = 'edge') => new DeviceState('7.20.5', 42, () => seedConfig({ profile, version: '7.20.5', identity: 'r1', index: 0, users }), () => clock);


describe('timed address-list entries, on the device clock', () => {
  it('count their timeout down and vanish at zero, announcing the change', () => {
    const s = device();
    const changes: number[] = [];
    s.onChange(() => changes.push(clock));
    const entry = s.add('ip/firewall/address-list', { list: 'mcp-t', address: '192.0.2.1', timeout: '1m' });
    expect(entry).toMatchObject({ dynamic: 'true', timeout: '1m' });
    clock += 20_000;
    expect(s.get('ip/firewall/address-list', entry['.id'])['timeout']).toBe('40s');
    clock += 40_000;
    const before = changes.length;
    expect(s.list('ip/firewall/address-list').map((r) => r['list'])).toEqual(['mgmt-allowed', 'mcp-blocklist']);
    expect(changes.length).toBe(before + 1);
  });

  it('take a new timeout on set, and refuse a zero one', () => {
    const s = device();
    const entry = s.add('ip/firewall/address-list', { list: 'mcp-t', address: '192.0.2.2', timeout: '10s' });
    s.update('ip/firewall/address-list', entry['.id'], { timeout: '1h' });
    expect(s.get('ip/firewall/address-list', entry['.id'])['timeout']).toBe('1h');
    expect(detail(() => s.add('ip/firewall/address-list', { list: 'mcp-t', address: '192.0.2.3', timeout: '0s' }))).toBe('invalid value for argument timeout');
  });
});

describe('ids', () => {
  it('are never handed out twice, not even after safe mode undoes the rows that had them', () => {
    const s = device();
    s.takeSafeMode('a');
    const first = s.add('ip/firewall/filter', { chain: 'input', action: 'accept' })['.id'];
    s.revertSafeMode('a', false);
    const second = s.add('ip/firewall/filter', { chain: 'input', action: 'accept' })['.id'];
    expect(second).not.toBe(first);
  });
});

describe('writes that do not stick (fault)', () => {
  it('answer with the row they would have made, announce the write, and leave the configuration as it was', () => {
    const s = device();
    const writes: string[] = [];
    s.onWrite(() => writes.push('w'));
    const before = JSON.stringify(s.snapshot());
    s.writesDoNotStick = true;
    expect(s.add('ip/firewall/address-list', { list: 'mcp-x', address: '192.0.2.9' })).toMatchObject({ list: 'mcp-x' });
    s.setSingleton('system/identity', { name: 'lost' });
    s.move('ip/firewall/filter', ['*6'], '*1');
    expect(writes).toHaveLength(3);
    expect(JSON.stringify(s.snapshot())).toBe(before);
  });
});

describe('item commands', () => {
  it('move several items, in the order given, before the destination', () => {
    const s = device();
    s.move('ip/firewall/filter', ['*6', '*4'], '*2');
    expect(s.list('ip/firewall/filter').map((r) => r['.id'])).toEqual(['*1', '*6', '*4', '*2', '*3', '*5']);
  });

  it('unset goes back to the default where there is one', () => {
    const s = device();
    s.update('ip/firewall/filter', '*1', { 'log-prefix': 'x', log: 'yes' });
    s.unset('ip/firewall/filter', ['*1'], ['log-prefix', 'log']);
    expect(s.get('ip/firewall/filter', '*1')).toMatchObject({ 'log-prefix': '', log: 'false' });
  });

  it('a comment set to "" is left out of the row, as RouterOS prints it, on set and on add', () => {
    const s = device();
    s.update('interface', 'ether2', { comment: 'printer' });
    expect(s.get('interface', 'ether2')['comment']).toBe('printer');
    s.update('interface', 'ether2', { comment: '' });
    expect(s.get('interface', 'ether2')).not.toHaveProperty('comment');
    const added = s.add('ip/address', { address: '10.9.9.1/24', interface: 'ether2', comment: '' });
    expect(added).not.toHaveProperty('comment');
  });

  it('/interface says which interfaces RouterOS made itself', () => {
    const rows = device('home').list('interface');
    expect(rows.find((r) => r['name'] === 'ether2')?.['dynamic']).toBe('false');
    expect(rows.find((r) => r['name'] === 'cap-hallway-5g')?.['dynamic']).toBe('true');
  });

  it('make-static turns only dynamic leases static and refuses unknown items', () => {
    const s = device('home');
    const [lease] = s.list('ip/dhcp-server/lease');
    s.makeStatic('ip/dhcp-server/lease', [lease['.id']]);
    expect(s.get('ip/dhcp-server/lease', lease['.id'])['dynamic']).toBe('false');
    expect(detail(() => s.makeStatic('ip/dhcp-server/lease', ['*99']))).toBe('no such item');
  });
});

describe('renaming an interface', () => {
  it('renames it wherever it is referred to, as RouterOS refers by internal id, and keeps the management path', () => {
    const s = device('home');
    s.add('ip/firewall/filter', { chain: 'input', action: 'accept', 'in-interface': '!bridge' });
    s.update('interface', 'bridge', { name: 'br-lan' });
    const cfg = s.snapshot();
    expect(cfg['ip/address'][0]['interface']).toBe('br-lan');
    expect(new Set(cfg['interface/bridge/port'].map((p) => p['bridge']))).toEqual(new Set(['br-lan']));
    expect(cfg['interface/list/member'].find((m) => m['list'] === 'LAN')!['interface']).toBe('br-lan');
    expect(cfg['ip/dhcp-server'][0]['interface']).toBe('br-lan');
    expect(cfg['ip/firewall/filter'].at(-1)!['in-interface']).toBe('!br-lan');
    expect(s.access('www-ssl')).toEqual({ verdict: 'ok' });
  });

  it('renames a VLAN interface in the addresses on it', () => {
    const s = device('edge');
    s.update('interface/vlan', 'vlan100-mgmt', { name: 'vlan100' });
    expect(s.snapshot()['ip/address'].find((a) => a['comment'] === 'management')!['interface']).toBe('vlan100');
    expect(s.access('www-ssl')).toEqual({ verdict: 'ok' });
  });
});

describe('a timeout that is configuration, not a lifetime', () => {
  it('stays a property of /tool/netwatch and /radius rows, which stay static and settable', () => {
    const s = device();
    const watch = s.add('tool/netwatch', { host: '192.0.2.1', timeout: '2s' });
    expect(watch).toMatchObject({ timeout: '2s' });
    s.update('tool/netwatch', watch['.id'], { timeout: '3s' });
    expect(s.get('tool/netwatch', watch['.id'])['timeout']).toBe('3s');
    const radius = s.add('radius', { address: '192.0.2.2', timeout: '300ms' });
    clock += 3_600_000;
    expect(s.get('radius', radius['.id'])).toMatchObject({ timeout: '300ms' });
  });
});
