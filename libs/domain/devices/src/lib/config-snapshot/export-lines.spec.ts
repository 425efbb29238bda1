import { linesOfSection, qualifiedLines, redactExportLine, sectionsOf } from './export-lines';

describe('export lines', () => {
  it.each([
    ['add name=vpn password=hunter2 service=pptp', 'add name=vpn password=[redacted] service=pptp'],
    ['set [ find default-name=wifi1 ] security.passphrase="my secret \\"x\\"" ssid=home', 'set [ find default-name=wifi1 ] security.passphrase=[redacted] ssid=home'],
    ['add name=peer1 private-key="abc=" public-key="pub="', 'add name=peer1 private-key=[redacted] public-key="pub="'],
    ['add name=p1 secret="" comment=passthrough', 'add name=p1 secret="" comment=passthrough'],
    ['set passthrough=yes', 'set passthrough=yes'],
    ['add comment="rotate password=x soon" name=a', 'add comment="rotate password=x soon" name=a'],
    ['set [ find name="x y" ] psk=abc', 'set [ find name="x y" ] psk=[redacted]'],
    ['add security.authentication-types=wpa2-psk .passphrase=abc ssid=x', 'add security.authentication-types=wpa2-psk .passphrase=[redacted] ssid=x'],
    ['add ipsec-secret=*** address=10.0.0.1', 'add ipsec-secret=[redacted] address=10.0.0.1'],
  ])('redacts secret properties by name: %s', (line, expected) => {
    expect(redactExportLine(line)).toBe(expected);
  });

  const lines = ['/interface bridge', 'add name=bridge', '/ip firewall filter', 'add chain=input action=accept', 'add chain=forward action=drop', '/ip firewall nat', 'add chain=srcnat action=masquerade', '/ip dns set servers=1.1.1.1'];

  it('puts each command under its menu, as /export terse would', () => {
    expect(qualifiedLines(lines).map((l) => l.line)).toEqual([
      '/interface bridge add name=bridge',
      '/ip firewall filter add chain=input action=accept',
      '/ip firewall filter add chain=forward action=drop',
      '/ip firewall nat add chain=srcnat action=masquerade',
      '/ip dns set servers=1.1.1.1',
    ]);
    expect(sectionsOf(lines)).toEqual(['/interface bridge', '/ip firewall filter', '/ip firewall nat', '/ip dns']);
  });

  it('keeps one section and its sub-menus, never a menu that only shares a prefix of its name', () => {
    expect(linesOfSection(lines, '/ip firewall filter')).toEqual(['/ip firewall filter add chain=input action=accept', '/ip firewall filter add chain=forward action=drop']);
    expect(linesOfSection(lines, '/ip firewall')).toHaveLength(3);
    expect(linesOfSection(lines, '/ip firewall fil')).toEqual([]);
  });
});
