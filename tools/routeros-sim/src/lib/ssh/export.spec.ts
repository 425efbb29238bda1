import { DeviceState } from '../model/device-state';
import { seedConfig } from '../model/profiles';
import { runCommand } from '../rest/commands';
import { renderExport } from './export';
import { wrapExportLine } from './export-wrap';

const users = [{ name: 'admin', password: 'x', group: 'full' as const }];
const home = () => new DeviceState('7.20.5', 42, () => seedConfig({ profile: 'home', version: '7.20.5', identity: 'r1', index: 0, users }));
const section = (text: string, menu: string) => {
  const lines = text.split('\r\n');
  const at = lines.indexOf(menu);
  if (at < 0) return undefined;
  const end = lines.findIndex((l, i) => i > at && l.startsWith('/'));
  return lines.slice(at + 1, end < 0 ? undefined : end).join('\n').replace(/\\\n {4}/g, '');
};

describe('export of the home profile', () => {
  it('has the /interface wifi section the wireless menus show, without the passphrase', () => {
    const s = home();
    const wifi = section(renderExport(s), '/interface wifi');
    expect(wifi).toBeDefined();
    const rest = s.list('interface/wifi').filter((r) => r['dynamic'] !== 'true' && r['default-name']);
    for (const row of rest) {
      expect(wifi).toContain(`set [ find default-name=${row['default-name']} ] channel.band=${row['channel.band']} configuration.mode=ap .ssid=${row['configuration.ssid']} disabled=no security.authentication-types=wpa2-psk,wpa3-psk`);
    }
    expect(wifi).not.toContain('passphrase');
    // The CAP's interface is dynamic (provisioned by CAPsMAN): not configuration.
    expect(wifi).not.toContain('cap-hallway');
    expect(section(renderExport(s), '/interface wifi capsman')).toBe('set enabled=yes interfaces=bridge');
  });

  it('shows the passphrase only with show-sensitive, over SSH and REST alike', async () => {
    const s = home();
    expect(renderExport(s, { showSensitive: true })).toContain('.passphrase=factory-wifi-key');
    await runCommand(s, 'export', { file: 'cfg', 'show-sensitive': '' }, new AbortController().signal);
    await runCommand(s, 'export', { file: 'plain' }, new AbortController().signal);
    const files = s.snapshot()['file'];
    expect(files.find((f) => f['name'] === 'cfg.rsc')!['contents']).toContain('.passphrase=factory-wifi-key');
    expect(files.find((f) => f['name'] === 'plain.rsc')!['contents']).toContain('/interface wifi');
    expect(files.find((f) => f['name'] === 'plain.rsc')!['contents']).not.toContain('factory-wifi-key');
  });

  it('follows a change made to a wifi interface', () => {
    const s = home();
    s.update('interface/wifi', 'wifi2', { disabled: 'yes' });
    expect(section(renderExport(s), '/interface wifi')).toContain('set [ find default-name=wifi2 ] channel.band=2ghz-ax configuration.mode=ap .ssid=MikroTik-home security.authentication-types=wpa2-psk,wpa3-psk');
  });
});

describe('export keeps to configuration', () => {
  it('prints only settable properties, even verbose: no read-only values such as loop-protect-status or max-l2mtu', () => {
    const text = renderExport(home(), { verbose: true });
    expect(section(text, '/interface ethernet')).toContain('loop-protect=default');
    expect(text).not.toMatch(/loop-protect-status|max-l2mtu|running=/);
  });
});

describe('export covers the menus writes touch', () => {
  it('prints defconf interface lists and their members, but not the built-in lists or the main routing table', () => {
    const text = renderExport(home());
    expect(section(text, '/interface list')).toMatch(/add .*name=WAN/);
    expect(section(text, '/interface list member')).toMatch(/interface=ether1 list=WAN/);
    expect(section(text, '/interface list')).not.toMatch(/name=all|name=dynamic/);
    expect(section(text, '/routing table')).toBeUndefined();
  });

  it('follows a routing table, a DNS static entry and an IPv6 address added later', () => {
    const s = home();
    s.add('routing/table', { name: 'mgmt', fib: 'yes' });
    s.add('ip/dns/static', { name: 'nas.lan', address: '192.168.88.10' });
    s.add('ipv6/address', { address: 'fd00::1/64', interface: 'bridge' });
    const text = renderExport(s);
    expect(section(text, '/routing table')).toContain('name=mgmt');
    expect(section(text, '/ip dns static')).toContain('address=192.168.88.10 name=nas.lan');
    expect(section(text, '/ipv6 address')).toContain('address=fd00::1/64 interface=bridge');
  });
});

describe('export of menus served from the command tree alone', () => {
  it('shows nothing of them on a fresh device, and what was written to them after the curated menus', () => {
    const s = home();
    const fresh = renderExport(s);
    expect(fresh).not.toContain('/ip hotspot user');
    expect(fresh).not.toContain('/ip settings');
    s.add('ip/hotspot/user', { name: 'guest1' });
    s.setSingleton('ip/settings', { 'rp-filter': 'strict' });
    const text = renderExport(s);
    expect(section(text, '/ip hotspot user')).toBe('add name=guest1');
    expect(section(text, '/ip settings')?.trim()).toBe('set rp-filter=strict');
    // Everything before them is the export as it was.
    expect(text.split('\r\n').slice(1, fresh.split('\r\n').length - 1)).toEqual(fresh.split('\r\n').slice(1, -1));
  });
});

describe('export lines wrapped as RouterOS wraps them', () => {
  it('breaks between pairs, after a `=` whose value does not fit, at 80 columns with a four-space indent', () => {
    expect(wrapExportLine('add action=accept chain=input comment="defconf: accept established,related,untracked" connection-state=established,related,untracked')).toEqual([
      'add action=accept chain=input comment=\\',
      '    "defconf: accept established,related,untracked" connection-state=\\',
      '    established,related,untracked',
    ]);
    expect(wrapExportLine('set [ find default-name=wlan1 ] band=2ghz-b/g/n channel-width=20/40mhz-XX disabled=no distance=indoors frequency=auto installation=indoor mode=ap-bridge ssid=MikroTik')).toEqual([
      'set [ find default-name=wlan1 ] band=2ghz-b/g/n channel-width=20/40mhz-XX \\',
      '    disabled=no distance=indoors frequency=auto installation=indoor mode=\\',
      '    ap-bridge ssid=MikroTik',
    ]);
  });

  it('cuts a value longer than a line where the line ends, never between an escape and what it escapes', () => {
    const command = `add name=long source="${'/log info \\"x\\"; '.repeat(12)}"`;
    const lines = wrapExportLine(command);
    expect(lines.length).toBeGreaterThan(2);
    lines.forEach((l) => expect(l.length).toBeLessThanOrEqual(80));
    lines.slice(0, -1).forEach((l) => expect(l.endsWith('\\\\')).toBe(false));
    expect(lines.map((l, i) => (i === 0 ? l : l.slice(4))).map((l, i) => (i < lines.length - 1 ? l.slice(0, -1) : l)).join('')).toBe(command);
  });

  it('wraps every line of a verbose export, and the joined lines are the terse export\'s commands', () => {
    const s = home();
    s.add('system/script', { name: 'long', source: ':log info "a long script line that runs well past the eighty columns an export line may take"' });
    const verbose = renderExport(s, { verbose: true }).split('\r\n');
    verbose.forEach((l) => expect(l.length).toBeLessThanOrEqual(80));
    const joined = verbose.join('\n').replace(/\\\n {4}/g, '').split('\n');
    const terse = renderExport(s, { verbose: true, terse: true }).split('\r\n').filter((l) => !l.startsWith('#'));
    let menu = '';
    const prefixed = joined.filter((l) => !l.startsWith('#')).map((l) => (l.startsWith('/') ? ((menu = l), undefined) : l ? `${menu} ${l}` : l)).filter((l) => l !== undefined);
    expect(prefixed).toEqual(terse);
  });
});
