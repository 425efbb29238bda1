import { DeviceState } from './device-state';
import { seedConfig } from './profiles';
import { detail } from '../testing/rest-error-detail.fixture';
import { renderExport } from '../ssh/export';
import { treeFor } from '../schema/menu-schema';
import { FACTORY_MENUS, factoryRows } from './factory-defaults';

const users = [{ name: 'admin', password: 'x', group: 'full' as const }];
const clock = 1_700_000_000_000;
const device = (version: '7.15.3' | '7.20.5' = '7.20.5', profile: 'home' | 'chr' = 'chr') =>
  new DeviceState(version, 42, () => seedConfig({ profile, version, identity: 'r1', index: 0, users }), () => clock);

describe('factory values and built-in rows of a fresh device', () => {
  it('queue types: the ten default rows RouterOS ships, flagged default, in its order', () => {
    const types = device().list('queue/type');
    expect(types.map((t) => t['name'])).toEqual(['default', 'ethernet-default', 'wireless-default', 'synchronous-default', 'hotspot-default', 'pcq-upload-default', 'pcq-download-default', 'only-hardware-queue', 'multi-queue-ethernet-default', 'default-small']);
    expect(types.every((t) => t['default'] === 'true')).toBe(true);
    expect(types.find((t) => t['name'] === 'pcq-upload-default')).toMatchObject({ kind: 'pcq', 'pcq-classifier': 'src-address', 'pcq-limit': '50KiB', 'pcq-total-limit': '2000KiB' });
  });

  it('singletons answer with their factory values (SNMP disabled with community public, IPsec accounting on)', () => {
    const s = device();
    expect(s.singleton('snmp')).toMatchObject({ enabled: 'false', 'trap-community': 'public', 'trap-version': '1' });
    expect(s.list('snmp/community')).toEqual([expect.objectContaining({ name: 'public', addresses: '::/0', 'read-access': 'true', 'write-access': 'false', default: 'true' })]);
    expect(s.singleton('ip/ipsec/settings')).toEqual({ accounting: 'true', 'interim-update': '0s', 'xauth-use-radius': 'false' });
    expect(s.singleton('ip/settings')).toMatchObject({ 'rp-filter': 'no', 'ip-forward': 'true' });
  });

  it('rows other menus name exist: PPP profiles, IPsec defaults, the four logging actions', () => {
    const s = device();
    expect(s.list('ppp/profile').map((p) => [p['name'], p['use-encryption']])).toEqual([['default', 'default'], ['default-encryption', 'true']]);
    expect(s.list('ip/ipsec/profile').map((p) => p['name'])).toEqual(['default']);
    expect(s.list('ip/ipsec/proposal')[0]).toMatchObject({ name: 'default', 'pfs-group': 'modp1024', lifetime: '30m' });
    expect(s.list('system/logging/action').map((a) => `${a['name']}:${a['target']}`)).toEqual(['memory:memory', 'disk:disk', 'echo:echo', 'remote:remote']);
  });

  it('keeps to the properties each version has: the remote log action\'s bsd-syslog on 7.15, its vrf on 7.20', () => {
    const remote = (version: '7.15.3' | '7.20.5') => device(version).list('system/logging/action').find((a) => a['name'] === 'remote')!;
    expect(remote('7.15.3')).toMatchObject({ 'bsd-syslog': 'false' });
    expect(remote('7.15.3')['vrf']).toBeUndefined();
    expect(remote('7.20.5')).toMatchObject({ vrf: 'main' });
    expect(remote('7.20.5')['bsd-syslog']).toBeUndefined();
    expect(device('7.15.3').singleton('ip/settings')['tcp-timestamps']).toBeUndefined();
    expect(device('7.20.5').singleton('ip/settings')['tcp-timestamps']).toBe('random-offset');
    expect(FACTORY_MENUS.every((p) => treeFor('7.20.5')[p] && factoryRows(treeFor('7.15.3')).some(([path]) => path === p))).toBe(true);
  });

  it('refuses to remove a built-in row, and a set shows in the export as a change of the built-in', () => {
    const s = device();
    const def = s.list('queue/type')[0];
    expect(detail(() => s.remove('queue/type', def['.id']))).toBe('cannot remove builtin object');
    const fresh = renderExport(s);
    expect(fresh).not.toContain('/queue type');
    expect(fresh).not.toContain('/snmp');
    s.update('queue/type', def['.id'], { 'pfifo-limit': '100' });
    s.setSingleton('snmp', { contact: 'noc' });
    // yes/no where the factory value is one: stored and printed as RouterOS's REST prints booleans.
    expect(s.setSingleton('ip/upnp', { enabled: 'yes' })['enabled']).toBe('true');
    expect(detail(() => s.setSingleton('ip/upnp', { enabled: 'maybe' }))).toBe('invalid value of enabled: maybe');
    s.setSingleton('ip/upnp', { enabled: 'no' });
    const text = renderExport(s, { terse: true });
    expect(text).toContain('/queue type set [ find name=default ] pfifo-limit=100');
    expect(text).toContain('/snmp set contact=noc');
  });

  it('a profile\'s own rows win over the factory ones (the home profile\'s logging and lists stay as seeded)', () => {
    const s = device('7.20.5', 'home');
    expect(s.list('interface/list').map((l) => l['name'])).toContain('LAN');
    expect(s.list('queue/type')).toHaveLength(10);
  });
});
