import { parseExport, redactExportSecrets } from './export-parser';
import { exportCommand, printCommand } from './shell-commands';

const SAMPLE = [
  '# 2026-11-22 10:00:00 by RouterOS 7.20.5',
  '# software id = HE4A-A17Q',
  '#',
  '# model = C53UiG+5HPaxD2HPaxD',
  '# serial number = HE4A17Q',
  '/interface wifi',
  'set [ find default-name=wifi1 ] configuration.ssid=Home \\',
  '    security.passphrase="s3cret pass"',
  '/ip address',
  'add address=192.168.88.1/24 comment=defconf interface=bridge \\',
  '    network=192.168.88.0',
  '/user',
  'add name=ops password=hunter2',
  '',
].join('\r\n');

describe('export parsing', () => {
  it('keeps the header facts apart and joins continuations into one line per command', () => {
    const parsed = parseExport(SAMPLE, { keepSecrets: true });
    expect(parsed.header).toEqual({ exported_at: '2026-11-22 10:00:00', routeros_version: '7.20.5', software_id: 'HE4A-A17Q', model: 'C53UiG+5HPaxD2HPaxD', serial_number: 'HE4A17Q' });
    expect(parsed.normalized).toEqual([
      '/interface wifi',
      'set [ find default-name=wifi1 ] configuration.ssid=Home security.passphrase="s3cret pass"',
      '/ip address',
      'add address=192.168.88.1/24 comment=defconf interface=bridge network=192.168.88.0',
      '/user',
      'add name=ops password=hunter2',
    ]);
    expect(parsed.raw).not.toContain('\r');
  });

  it('redacts secrets unless asked to keep them, quoted or not', () => {
    const parsed = parseExport(SAMPLE, { keepSecrets: false });
    expect(parsed.raw).not.toMatch(/hunter2|s3cret/);
    expect(parsed.normalized).toContain('add name=ops password=***');
    expect(redactExportSecrets('add auth-key=abc wpa2-pre-shared-key="x y" name=n')).toBe('add auth-key=*** wpa2-pre-shared-key=*** name=n');
  });

  it('two exports differing only in the date normalise the same', () => {
    const later = SAMPLE.replace('2026-11-22 10:00:00', '2026-11-23 11:11:11');
    expect(parseExport(later, { keepSecrets: false }).normalized).toEqual(parseExport(SAMPLE, { keepSecrets: false }).normalized);
  });
});

describe('export lines as RouterOS wraps them', () => {
  // RouterOS breaks after a `=` whose value does not fit and inside a long quoted value, not only between pairs.
  const WRAPPED = [
    '/ip firewall filter',
    'add action=accept chain=input comment=\\',
    '    "defconf: accept established,related,untracked" connection-state=\\',
    '    established,related,untracked',
    '/system script',
    'add name=long source="/log info \\"one two three four five six seven eight nine ten eleven t\\',
    '    welve\\""',
    '/interface wireguard',
    'add listen-port=13231 mtu=1420 name=wg0 private-key=\\',
    '    "YGQKq0m2yF8n7xv3J3cmPz1x3y3y7Gm1Q0cV1bC0bXc="',
    '',
  ].join('\r\n');

  it('joins a continuation exactly: nothing added after a `=` or inside a value', () => {
    expect(parseExport(WRAPPED, { keepSecrets: true }).normalized).toEqual([
      '/ip firewall filter',
      'add action=accept chain=input comment="defconf: accept established,related,untracked" connection-state=established,related,untracked',
      '/system script',
      'add name=long source="/log info \\"one two three four five six seven eight nine ten eleven twelve\\""',
      '/interface wireguard',
      'add listen-port=13231 mtu=1420 name=wg0 private-key="YGQKq0m2yF8n7xv3J3cmPz1x3y3y7Gm1Q0cV1bC0bXc="',
    ]);
  });

  it('redacts a secret whose value starts on the next line', () => {
    const parsed = parseExport(WRAPPED, { keepSecrets: false });
    expect(parsed.raw).not.toContain('YGQKq0m2');
    expect(parsed.normalized).toContain('add listen-port=13231 mtu=1420 name=wg0 private-key=***');
  });
});

describe('allow-listed commands', () => {
  it('builds exports only from typed flags', () => {
    expect(exportCommand({})).toBe('/export');
    expect(exportCommand({ terse: true, showSensitive: true })).toBe('/export terse show-sensitive');
  });

  it('prints only the fixed menus, and nothing can be appended', () => {
    expect(printCommand('ip/address')).toBe('/ip/address/print without-paging');
    expect(() => printCommand('ip/address; /system/reboot' as never)).toThrow(/limited to/);
    expect(() => printCommand('system/identity' as never)).toThrow(/limited to/);
  });
});
