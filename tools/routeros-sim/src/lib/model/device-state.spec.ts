import { RestError } from '../rest/rest-error';
import { DeviceState } from './device-state';
import { seedConfig } from './profiles';

const users = [{ name: 'admin', password: 'x', group: 'full' as const }];
let clock = 1_700_000_000_000;
const device = (profile: 'home' | 'edge' | 'chr' | 'legacy-ap' = 'home', version = '7.20.5') =>
  new DeviceState(version, 42, () => seedConfig({ profile, version, identity: 'r1', index: 0, users }), () => clock);

function restError(fn: () => unknown): { status: number; detail?: string } {
  try {
    fn();
  } catch (error) {
    if (error instanceof RestError) return { status: error.status, detail: error.detail };
    throw error;
  }
  throw new Error('expected a RestError');
}

describe('DeviceState writes', () => {
  it('adds rows with per-table ids, defaults, yes/no as true/false, and computed fields', () => {
    const s = device();
    const row = s.add('ip/address', { address: '10.1.1.1/24', interface: 'ether2', disabled: 'yes' });
    expect(row).toMatchObject({ '.id': '*2', disabled: 'true', network: '10.1.1.0', 'actual-interface': 'ether2', dynamic: 'false', invalid: 'false' });
    expect(Object.keys(row)).toEqual([...Object.keys(row)].sort());
    expect(s.add('ip/pool', { name: 'p2', ranges: '10.1.1.10-10.1.1.20' })['.id']).toBe('*2');
  });

  it('gives routes ids in the high range real routes use', () => {
    const routes = device('edge').list('ip/route');
    expect(routes.filter((r) => r['static'] === 'true').map((r) => r['.id'])).toEqual(['*80000000', '*80000001', '*80000002']);
    // Connected routes (DAC) appear for every enabled address, dynamic and not removable.
    expect(routes.filter((r) => r['connect'] === 'true').map((r) => r['dst-address'])).toEqual(['203.0.113.0/24', '198.51.100.0/24', '10.100.0.0/24']);
  });

  it.each([
    ['an unknown parameter', 'ip/address', { address: '10.0.0.1/24', interface: 'ether2', colour: 'red' }, 400, 'unknown parameter colour'],
    ['a read-only parameter', 'ip/address', { address: '10.0.0.1/24', interface: 'ether2', dynamic: 'true' }, 400, 'unknown parameter dynamic'],
    ['a bad boolean', 'ip/address', { address: '10.0.0.1/24', interface: 'ether2', disabled: 'maybe' }, 400, 'invalid value of disabled: maybe'],
    ['a bad address', 'ip/address', { address: '10.0.0.300/24', interface: 'ether2' }, 400, 'invalid value for argument address'],
    ['an unknown interface', 'ip/address', { address: '10.0.0.1/24', interface: 'ether99' }, 400, 'input does not match any value of interface'],
    ['a missing required value', 'ip/address', { interface: 'ether2' }, 400, 'missing value for address'],
    ['a duplicate name', 'interface/bridge', { name: 'ether1' }, 400, 'failure: already have interface with such name'],
    ['adding to a status menu', 'system/package', { name: 'x' }, 400, 'no such command or directory (add)'],
    // The tree has `/file add`; the simulator does not model adding files, and says so rather than "no such command".
    ['adding where the tree has add but the simulator does not model it', 'file', { name: 'x' }, 400, 'failure: /file/add is not supported by the simulator'],
    ['an argument a generic menu lacks', 'interface/wireguard', { name: 'wg1', colour: 'red' }, 400, 'unknown parameter colour'],
  ] as const)('refuses %s', (_label, path, props, status, detail) => {
    const s = device();
    const before = JSON.stringify(s.snapshot());
    expect(restError(() => s.add(path, props))).toEqual({ status, detail });
    expect(JSON.stringify(s.snapshot())).toBe(before);
  });

  it('updates by id or name, unsets with !name, and refuses removing built-ins with 406', () => {
    const s = device();
    const bridge = s.list('interface/bridge')[0];
    s.update('interface/bridge', bridge['.id'], { comment: 'LAN', 'vlan-filtering': 'yes' });
    expect(s.get('interface/bridge', 'bridge')).toMatchObject({ comment: 'LAN', 'vlan-filtering': 'true' });
    s.update('interface/bridge', 'bridge', { '!comment': '' });
    expect(s.get('interface/bridge', 'bridge')['comment']).toBeUndefined();
    expect(restError(() => s.remove('interface/wifi', 'wifi1'))).toEqual({ status: 406, detail: 'cannot remove builtin object' });
    // An ethernet port is hardware: refused as a built-in object (issue 23's review), on its menu and on /interface.
    expect(restError(() => s.remove('interface/ethernet', 'ether1'))).toEqual({ status: 406, detail: 'cannot remove builtin object' });
    expect(restError(() => s.remove('interface', 'ether1'))).toEqual({ status: 406, detail: 'cannot remove builtin object' });
    expect(restError(() => s.get('ip/address', '*99'))).toEqual({ status: 404, detail: undefined });
  });

  it('shows every interface in /interface with its type, and routes writes there to the owning menu', () => {
    const s = device();
    const types = Object.fromEntries(s.list('interface').map((r) => [r['name'], r['type']]));
    expect(types).toMatchObject({ ether1: 'ether', bridge: 'bridge', wifi1: 'wifi' });
    s.update('interface', 'ether3', { disabled: 'yes', comment: 'spare' });
    expect(s.get('interface/ethernet', 'ether3')).toMatchObject({ disabled: 'true', comment: 'spare', running: 'false' });
    expect(restError(() => s.update('interface', 'ether3', { 'vlan-id': '5' }))).toEqual({ status: 400, detail: 'unknown parameter vlan-id' });
  });

  it('marks an address on a disabled interface invalid', () => {
    const s = device();
    s.update('interface/bridge', 'bridge', { disabled: 'yes' });
    expect(s.list('ip/address')[0]['invalid']).toBe('true');
  });

  it('sets singletons and resets to the seed configuration', () => {
    const s = device();
    s.setSingleton('system/identity', { name: 'changed' });
    s.add('ip/pool', { name: 'extra', ranges: '10.0.0.1-10.0.0.9' });
    expect(s.singleton('system/identity')['name']).toBe('changed');
    s.reset();
    expect(s.singleton('system/identity')['name']).toBe('r1');
    expect(s.list('ip/pool').map((p) => p['name'])).toEqual(['default-dhcp']);
  });
});

describe('versions and profiles', () => {
  it('reports NTP status in the 7.15 and the 7.20 shapes', () => {
    const old = device('edge', '7.15.3').singleton('system/ntp/client');
    const current = device('edge', '7.20.5').singleton('system/ntp/client');
    expect(old).toHaveProperty('freq-drift');
    expect(old).not.toHaveProperty('system-offset');
    expect(current).toHaveProperty('system-offset');
    expect(current).toHaveProperty('synced-stratum');
  });

  it('serves RouterBOARD menus only on RouterBOARD profiles', () => {
    expect(device('home').menu('system/routerboard')).toBeDefined();
    expect(device('chr').menu('system/routerboard')).toBeUndefined();
    expect(device('chr').menu('interface/wireless')).toBeUndefined();
  });

  it('moves live counters with time, deterministically, and resets uptime on reboot', () => {
    clock = 1_700_000_000_000;
    const a = device('edge');
    const b = device('edge');
    clock += 3_600_000;
    expect(a.singleton('system/resource')['uptime']).toBe('1h');
    expect(a.get('interface', 'ether1')['rx-byte']).toBe(b.get('interface', 'ether1')['rx-byte']);
    const first = Number(a.get('interface', 'ether1')['rx-byte']);
    clock += 60_000;
    expect(Number(a.get('interface', 'ether1')['rx-byte'])).toBeGreaterThan(first);
    a.reboot();
    expect(a.singleton('system/resource')['uptime']).toBe('0s');
    expect(a.singleton('system/identity')['name']).toBe('r1');
  });
});

describe('firewall counters', () => {
  it.each(['filter', 'nat', 'mangle', 'raw'])('start a new %s rule at zero and let it count from then on', (table) => {
    clock = 1_700_000_000_000;
    const s = device('edge');
    clock += 3_600_000;
    const added = s.add(`ip/firewall/${table}`, { chain: table === 'nat' ? 'srcnat' : 'forward', action: 'accept' });
    expect([added['bytes'], added['packets']]).toEqual(['0', '0']);
    clock += 600_000;
    const later = s.get(`ip/firewall/${table}`, added['.id']);
    expect(Number(later['bytes'])).toBeGreaterThanOrEqual(Number(later['packets']) * 60);
    expect(Number(later['bytes'])).toBeLessThanOrEqual(Number(later['packets']) * 1500);
    // At most the ten minutes it has existed, at a few packets a second.
    expect(Number(later['packets'])).toBeLessThanOrEqual(600 * 3);
  });
});

describe('uptime-like values', () => {
  const seconds = (d: string) => [...d.matchAll(/(\d+)([wdhms])/g)].reduce((t, [, n, u]) => t + Number(n) * { w: 604800, d: 86400, h: 3600, m: 60, s: 1 }[u]!, 0);
  it.each([
    ['home', 'interface/wifi/registration-table', 'uptime'],
    ['home', 'interface/wifi/capsman/remote-cap', 'connected-time'],
    ['legacy-ap', 'interface/wireless/registration-table', 'uptime'],
    ['legacy-ap', 'caps-man/registration-table', 'uptime'],
  ] as const)('%s %s %s never exceeds the device uptime, ticks with the clock and restarts at reboot', (profile, path, key) => {
    clock = 1_700_000_000_000;
    const s = device(profile);
    const check = () => {
      const uptime = seconds(s.singleton('system/resource')['uptime']);
      for (const row of s.list(path)) expect(seconds(row[key])).toBeLessThanOrEqual(uptime);
      return s.list(path).map((r) => seconds(r[key]));
    };
    check();
    clock += 7_200_000;
    const later = check();
    clock += 60_000;
    expect(check().map((v, i) => v - later[i])).toEqual(later.map(() => 60));
    s.reboot();
    check();
  });
});
