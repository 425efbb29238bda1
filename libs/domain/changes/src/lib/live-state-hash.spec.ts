import { driftedSections, liveStateDigest } from './live-state-hash';

describe('live state digest', () => {
  const rows = { 'ip/dns': [{ servers: '192.0.2.1', 'cache-used': '12KiB', 'dynamic-servers': '' }], 'ip/firewall/address-list': [{ '.id': '*1', list: 'mcp-a', address: '10.0.0.1', 'creation-time': 'x', timeout: '59m' }] };

  it('ignores volatile fields, so an idle device hashes the same twice', () => {
    const again = { 'ip/dns': [{ servers: '192.0.2.1', 'cache-used': '40KiB' }], 'ip/firewall/address-list': [{ '.id': '*1', list: 'mcp-a', address: '10.0.0.1', 'creation-time': 'y', timeout: '58m' }] };
    const menus = ['ip/dns', 'ip/firewall/address-list'];
    expect(liveStateDigest(again, menus)).toEqual(liveStateDigest(rows, menus));
    expect(liveStateDigest(rows, menus).hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('names the sections whose configuration changed', () => {
    const menus = ['ip/dns', 'ip/firewall/address-list'];
    const before = liveStateDigest(rows, menus);
    const after = liveStateDigest({ ...rows, 'ip/dns': [{ servers: '9.9.9.9' }] }, menus);
    expect(after.hash).not.toBe(before.hash);
    expect(driftedSections(before.sections, after.sections)).toEqual(['ip/dns']);
  });

  it('counts a secret by presence only', () => {
    const a = liveStateDigest({ w: [{ passphrase: 'one' }] }, ['w']);
    expect(liveStateDigest({ w: [{ passphrase: 'two' }] }, ['w'])).toEqual(a);
    expect(liveStateDigest({ w: [{ passphrase: '' }] }, ['w'])).not.toEqual(a);
  });
});
