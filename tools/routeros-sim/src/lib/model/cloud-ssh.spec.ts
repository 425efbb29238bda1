import { refusal, seededDevice } from '../testing/seeded-device.fixture';
import { renderExport } from '../ssh/export';
import { isNatted } from './cloud-ssh';

describe.each(['7.15.3', '7.20.5'])('/ip/cloud and /ip/ssh on %s', (version) => {
  it('/ip/cloud: DDNS off by default, nothing published; on, the address the cloud sees', () => {
    const home = seededDevice('home', version);
    expect(home.singleton('ip/cloud')).toEqual({ 'ddns-enabled': 'false', 'ddns-update-interval': 'none', 'update-time': 'true' });
    home.setSingleton('ip/cloud', { 'ddns-enabled': 'yes' });
    // The home router's WAN lease is carrier-grade NAT space: the cloud sees a NAT's address, and says so.
    const cloud = home.singleton('ip/cloud');
    expect(cloud).toMatchObject({ 'ddns-enabled': 'true', status: 'updated', 'dns-name': 'he4a17q.sn.mynetname.net', warning: 'Router is behind a NAT. Remote connection might not work.' });
    expect(cloud['public-address']).toMatch(/^198\.51\.100\.\d+$/);
    home.setSingleton('ip/cloud/advanced', { 'use-local-address': 'yes' });
    expect(home.singleton('ip/cloud')).toMatchObject({ 'public-address': '100.71.12.34' });
    expect(home.singleton('ip/cloud')['warning']).toBeUndefined();
    expect(refusal(() => home.setSingleton('ip/cloud', { 'ddns-update-interval': '30s' }))).toBe('value of ddns-update-interval out of range (1m..7101w3d6h28m15s)');
    expect(refusal(() => home.setSingleton('ip/cloud', { 'ddns-enabled': 'perhaps' }))).toBe('input does not match any value of ddns-enabled');
    expect(renderExport(home, { terse: true })).toContain('/ip cloud set ddns-enabled=yes\r\n');
  });

  it('/ip/cloud: a public WAN address is published as it is; with no route out the update never completes', () => {
    const edge = seededDevice('edge', version);
    edge.setSingleton('ip/cloud', { 'ddns-enabled': 'yes' });
    expect(edge.singleton('ip/cloud')).toMatchObject({ 'public-address': expect.stringMatching(/^(203\.0\.113|198\.51\.100)\.2$/), status: 'updated' });
    for (const route of edge.list('ip/route').filter((r) => r['dynamic'] !== 'true')) edge.remove('ip/route', route['.id']);
    expect(edge.singleton('ip/cloud')).toMatchObject({ status: 'updating...' });
    expect(edge.singleton('ip/cloud')['public-address']).toBeUndefined();
  });

  it('/ip/ssh: the factory settings, the manual enumerations, exported when changed', () => {
    const s = seededDevice('home', version);
    expect(s.singleton('ip/ssh')).toMatchObject({ 'strong-crypto': 'false', 'always-allow-password-login': 'false', 'forwarding-enabled': 'no', 'host-key-type': 'ed25519', 'host-key-size': '2048' });
    expect(refusal(() => s.setSingleton('ip/ssh', { 'host-key-type': 'dsa' }))).toBe('input does not match any value of host-key-type');
    expect(refusal(() => s.setSingleton('ip/ssh', { 'host-key-size': '3000' }))).toBe('input does not match any value of host-key-size');
    expect(refusal(() => s.setSingleton('ip/ssh', { 'forwarding-enabled': 'yes' }))).toBe('input does not match any value of forwarding-enabled');
    s.setSingleton('ip/ssh', { 'strong-crypto': 'yes', 'forwarding-enabled': 'local' });
    expect(renderExport(s, { terse: true })).toContain('/ip ssh set forwarding-enabled=local strong-crypto=yes\r\n');
  });
});

describe('isNatted', () => {
  it('private, carrier-grade NAT and link-local sources are behind NAT; public ones are not', () => {
    expect(['10.0.0.1', '192.168.88.1', '100.71.12.34', '169.254.1.1'].map(isNatted)).toEqual([true, true, true, true]);
    expect(['8.8.8.8', '203.0.113.2'].map(isNatted)).toEqual([false, false]);
  });
});
