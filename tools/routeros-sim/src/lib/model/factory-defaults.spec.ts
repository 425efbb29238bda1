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

  it('singletons answer with their factory values (IPsec accounting on, reverse-path filtering off, UPnP off)', () => {
    const s = device();
    expect(s.singleton('ip/upnp')).toMatchObject({ enabled: 'false' });
    expect(s.singleton('ip/ipsec/settings')).toEqual({ accounting: 'true', 'interim-update': '0s', 'xauth-use-radius': 'false' });
    expect(s.singleton('ip/settings')).toMatchObject({ 'rp-filter': 'no', 'ip-forward': 'true' });
  });

  it('rows other menus name exist: the PPP profiles, the IPsec request-only mode config', () => {
    const s = device();
    expect(s.list('ppp/profile').map((p) => p['name'])).toEqual(['default', 'default-encryption']);
    expect(s.list('ip/ipsec/mode-config')).toEqual([expect.objectContaining({ name: 'request-only', responder: 'false', default: 'true' })]);
  });

  it('service ports: the ten NAT helpers, only set (no add/remove); default hotspot profiles stay (issue 23)', () => {
    const s = device('7.15.3');
    expect(s.list('ip/firewall/service-port').map((p) => `${p['name']}:${p['disabled']}`)).toEqual(['ftp:false', 'tftp:false', 'irc:true', 'h323:false', 'sip:false', 'pptp:false', 'rtsp:true', 'udplite:false', 'dccp:false', 'sctp:false']);
    const ftp = s.list('ip/firewall/service-port')[0];
    expect(detail(() => s.remove('ip/firewall/service-port', ftp['.id']))).toBe('no such command or directory (remove)');
    s.update('ip/firewall/service-port', ftp['.id'], { disabled: 'yes' });
    expect(renderExport(s)).toContain('/ip firewall service-port\r\nset [ find name=ftp ] disabled=yes\r\n');
    for (const path of ['ip/hotspot/profile', 'ip/hotspot/user/profile']) {
      const [def] = s.list(path);
      expect(def).toMatchObject({ name: 'default', default: 'true' });
      expect(detail(() => s.remove(path, def['.id']))).toBe('cannot remove builtin object');
    }
    expect(s.singleton('tool/romon')).toMatchObject({ enabled: 'false' });
    expect(s.singleton('system/watchdog')).toMatchObject({ 'watchdog-timer': 'true', 'automatic-supout': 'true' });
    expect(s.singleton('tool/mac-server/mac-winbox')).toEqual({ 'allowed-interface-list': 'all' });
  });

  it('keeps to the properties each version has: IPv4 tcp-timestamps and IPv6 allow-fast-path on 7.20 only', () => {
    expect(device('7.15.3').singleton('ip/settings')['tcp-timestamps']).toBeUndefined();
    expect(device('7.20.5').singleton('ip/settings')['tcp-timestamps']).toBe('random-offset');
    expect(device('7.15.3').singleton('ipv6/settings')['allow-fast-path']).toBeUndefined();
    expect(device('7.20.5').singleton('ipv6/settings')['allow-fast-path']).toBe('true');
    expect(FACTORY_MENUS.every((p) => treeFor('7.20.5')[p] && factoryRows(treeFor('7.15.3')).some(([path]) => path === p))).toBe(true);
  });

  it('refuses to remove a built-in row, and a set shows in the export as a change of the built-in', () => {
    const s = device();
    const def = s.list('queue/type')[0];
    expect(detail(() => s.remove('queue/type', def['.id']))).toBe('cannot remove builtin object');
    const fresh = renderExport(s);
    expect(fresh).not.toContain('/queue type');
    expect(fresh).not.toContain('/ip settings');
    s.update('queue/type', def['.id'], { 'pfifo-limit': '100' });
    s.setSingleton('ip/settings', { 'tcp-syncookies': 'yes' });
    // yes/no where the factory value is one: stored and printed as RouterOS's REST prints booleans.
    expect(s.setSingleton('ip/upnp', { enabled: 'yes' })['enabled']).toBe('true');
    expect(detail(() => s.setSingleton('ip/upnp', { enabled: 'maybe' }))).toBe('invalid value of enabled: maybe');
    s.setSingleton('ip/upnp', { enabled: 'no' });
    const text = renderExport(s, { terse: true });
    expect(text).toContain('/queue type set [ find name=default ] pfifo-limit=100');
    expect(text).toContain('/ip settings set tcp-syncookies=yes');
  });

  it('a profile\'s own rows win over the factory ones (the home profile\'s lists stay as seeded)', () => {
    const s = device('7.20.5', 'home');
    expect(s.list('interface/list').map((l) => l['name'])).toContain('LAN');
    expect(s.list('queue/type')).toHaveLength(10);
  });
});
