import { applyOperations, inverseOperations, LiveRows, secretsNeededToRestore } from '@routeros-mcp/domain-changes';
import { planTopic, wirelessTopic } from '../../index';

const SECRET = 'new-office-key-2026';
const wifi: LiveRows = {
  'interface/wifi': [
    { '.id': '*1', name: 'wifi1', 'configuration.ssid': 'MikroTik-home', 'security.authentication-types': 'wpa2-psk,wpa3-psk', 'security.passphrase': 'factory-wifi-key', disabled: 'false' },
    { '.id': '*2', name: 'wifi2', 'configuration.ssid': 'MikroTik-home', disabled: 'false' },
    { '.id': '*9', name: 'cap-5g', dynamic: 'true' },
  ],
  'interface/wifi/security': [{ '.id': '*A', name: 'old', 'authentication-types': 'wpa2-psk', passphrase: 'old-key-12345', disabled: 'false' }],
};
const legacy: LiveRows = {
  'interface/wireless': [{ '.id': '*3', name: 'wlan1', ssid: 'MikroTik-ac', 'security-profile': 'default', disabled: 'false' }],
  'interface/wireless/security-profiles': [{ '.id': '*1', name: 'default', mode: 'dynamic-keys', 'authentication-types': 'wpa2-psk', 'wpa2-pre-shared-key': 'factory-ac-key', 'wpa-pre-shared-key': '', default: 'true' }],
};
const propose = (state: LiveRows, c: Record<string, unknown>) => wirelessTopic.planner.propose(state, wirelessTopic.parse(c));

describe('wireless topic', () => {
  const change = { security_profiles: [{ name: 'mcp-office', 'authentication-types': ['wpa3-psk', 'wpa2-psk'], passphrase: SECRET }], interfaces: [{ name: 'wifi1', ssid: 'Office', security_profile: 'mcp-office' }] };

  it('wifi: adds the profile, points the interface at it and drops the inline security that would override it', () => {
    const outcome = propose(wifi, change);
    if (outcome.kind !== 'change') throw new Error('expected a change');
    expect(outcome.proposal.operations).toEqual([
      { kind: 'add', menu: 'interface/wifi/security', props: { name: 'mcp-office', 'authentication-types': 'wpa2-psk,wpa3-psk', passphrase: SECRET } },
      { kind: 'set', menu: 'interface/wifi', id: '*1', props: { 'configuration.ssid': 'Office', security: 'mcp-office' }, unset: ['security.passphrase', 'security.authentication-types'] },
    ]);
    expect(outcome.proposal.summary).not.toContain(SECRET);
    // Undoing it writes the old inline passphrase back: the pipeline keeps it sealed in the record.
    expect(secretsNeededToRestore(inverseOperations(wifi, outcome.proposal.operations).operations)).toEqual(['/interface/wifi security.passphrase']);
    expect(propose(applyOperations(wifi, outcome.proposal.operations), change).kind).toBe('no_change');
  });

  it('changes a passphrase in place only when it differs, and keeps it when none is given', () => {
    const rotate = propose(wifi, { security_profiles: [{ name: 'old', 'authentication-types': ['wpa2-psk'], passphrase: SECRET }] });
    expect(rotate.kind === 'change' && rotate.proposal.operations).toEqual([{ kind: 'set', menu: 'interface/wifi/security', id: '*A', props: { passphrase: SECRET } }]);
    expect(propose(wifi, { security_profiles: [{ name: 'old', 'authentication-types': ['wpa2-psk'] }] }).kind).toBe('no_change');
    expect(() => propose(wifi, { security_profiles: [{ name: 'new', 'authentication-types': ['wpa2-psk'] }] })).toThrow(/needs a passphrase/);
  });

  it('legacy wireless: a dynamic-keys profile with the key per WPA generation, named by the interface', () => {
    const outcome = propose(legacy, { package: 'wireless', security_profiles: [{ name: 'guests', 'authentication-types': ['wpa2-psk'], passphrase: SECRET }], interfaces: [{ name: 'wlan1', ssid: 'Guests', security_profile: 'guests' }] });
    if (outcome.kind !== 'change') throw new Error('expected a change');
    expect(outcome.proposal.operations).toEqual([
      { kind: 'add', menu: 'interface/wireless/security-profiles', props: { name: 'guests', mode: 'dynamic-keys', 'authentication-types': 'wpa2-psk', 'wpa2-pre-shared-key': SECRET } },
      { kind: 'set', menu: 'interface/wireless', id: '*3', props: { ssid: 'Guests', 'security-profile': 'guests' } },
    ]);
  });

  it('refuses unknown interfaces and profiles, and removing a profile still in use', () => {
    expect(() => propose(wifi, { interfaces: [{ name: 'wifi7', ssid: 'x' }] })).toThrow(/wifi7/);
    expect(() => propose(wifi, { interfaces: [{ name: 'cap-5g', ssid: 'x' }] })).toThrow(/cap-5g/);
    expect(() => propose(wifi, { interfaces: [{ name: 'wifi2', security_profile: 'nope' }] })).toThrow(/nope/);
    expect(() => propose(legacy, { package: 'wireless', remove: { security_profiles: ['default'] } })).toThrow(/still used by wlan1/);
  });

  it('refuses malformed changes without echoing a passphrase, and declares its secret field', () => {
    expect(() => wirelessTopic.parse({})).toThrow('security_profiles');
    expect(() => wirelessTopic.parse({ package: 'wlan' })).toThrow('package');
    expect(() => wirelessTopic.parse({ security_profiles: [{ name: 'a', 'authentication-types': ['wpa3-psk'], passphrase: 'short' }] })).toThrow('security_profiles.0.passphrase');
    try {
      wirelessTopic.parse({ security_profiles: [{ name: 'a', 'authentication-types': ['wpa2-psk'], passphrase: 'x\u0001-not-printable-secret' }] });
    } catch (error) {
      expect(String((error as Error).message)).not.toContain('not-printable-secret');
    }
    expect(() => wirelessTopic.parse({ package: 'wireless', security_profiles: [{ name: 'a', 'authentication-types': ['wpa3-psk'], passphrase: SECRET }] })).toThrow('security_profiles.0.authentication-types');
    expect(() => wirelessTopic.parse({ interfaces: [{ name: 'wifi1' }] })).toThrow('interfaces.0');
    expect(() => wirelessTopic.parse({ interfaces: [{ name: 'wifi1', ssid: 'x'.repeat(33) }] })).toThrow('interfaces.0.ssid');
    expect(wirelessTopic.describe(wirelessTopic.parse(change))).not.toContain(SECRET);
    expect(wirelessTopic.secretFields).toEqual(['security_profiles.*.passphrase']);
    expect(planTopic('wireless')).toBe(wirelessTopic);
    expect(wirelessTopic.requiresFlag).toBe('allow_wireless_writes');
  });
});
