import { DeviceState } from './device-state';
import { seedConfig } from './profiles';
import { detail } from '../testing/rest-error-detail.fixture';

const users = [{ name: 'admin', password: 'x', group: 'full' as const }];
const device = (version: string, profile: 'legacy-ap' | 'home' = 'legacy-ap') => new DeviceState(version, 7, () => seedConfig({ profile, version, identity: 'ap1', index: 3, users }), () => 1_700_000_000_000);
const PROFILES = 'interface/wireless/security-profiles';


describe.each(['7.15.3', '7.20.5'])('legacy wireless security profiles on %s', (version) => {
  it('are a table of the wireless package: the factory default, add/set/remove by name, unknown arguments refused', () => {
    const s = device(version);
    expect(s.list(PROFILES)).toEqual([expect.objectContaining({ name: 'default', mode: 'dynamic-keys', 'wpa2-pre-shared-key': 'factory-ac-key', default: 'true' })]);
    const row = s.add(PROFILES, { name: 'office', mode: 'dynamic-keys', 'authentication-types': 'wpa2-psk', 'wpa2-pre-shared-key': 'office-secret-1' });
    expect(row).toMatchObject({ name: 'office', 'unicast-ciphers': 'aes-ccm', default: 'false' });
    s.update(PROFILES, row['.id'], { 'wpa2-pre-shared-key': 'office-secret-2', comment: 'office' });
    expect(s.get(PROFILES, row['.id'])).toMatchObject({ 'wpa2-pre-shared-key': 'office-secret-2', comment: 'office' });
    expect(detail(() => s.add(PROFILES, { name: 'office' }))).toMatch(/already|exists/);
    expect(detail(() => s.add(PROFILES, { name: 'x', passphrase: 'nope' }))).toMatch(/unknown parameter/);
    s.remove(PROFILES, row['.id']);
    expect(s.list(PROFILES).map((r) => r['name'])).toEqual(['default']);
  });

  it('are what a wireless interface names as its security-profile', () => {
    const s = device(version);
    const wlan = s.list('interface/wireless')[0];
    expect(detail(() => s.update('interface/wireless', wlan['.id'], { 'security-profile': 'missing' }))).toMatch(/no such item|input does not match/);
    s.add(PROFILES, { name: 'guests', mode: 'dynamic-keys', 'authentication-types': 'wpa2-psk', 'wpa2-pre-shared-key': 'guest-secret-1' });
    s.update('interface/wireless', wlan['.id'], { 'security-profile': 'guests', ssid: 'Guests' });
    expect(s.get('interface/wireless', wlan['.id'])).toMatchObject({ 'security-profile': 'guests', ssid: 'Guests' });
  });

  it('do not exist without the wireless package', () => {
    expect(device(version, 'home').menu(PROFILES)).toBeUndefined();
  });
});
