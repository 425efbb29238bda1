import { firewallRulesTopic } from './firewall-rules.topic';
import { UnknownFieldError } from './topic-fields';
import { withoutUnknownFields } from './unknown-fields';
import { wirelessTopic } from './wireless.topic';

const MARK = '[not kept]';

describe('fields a plan topic does not take', () => {
  it('are refused with UnknownFieldError naming their path', () => {
    expect(() => wirelessTopic.parse({ security_profiles: [{ name: 'p', 'authentication-types': ['wpa2-psk'], psk: 'x' }] })).toThrow(UnknownFieldError);
  });

  it("keep their names and lose their values at any depth, dotted names included (the issue's refused plan_wireless)", () => {
    const change = {
      security_profiles: [{ name: 'p', 'authentication-types': ['wpa2-psk'], passphrase: 'known-secret', 'wpa2-pre-shared-key': 'planted-1', psk: 'planted-2', key: 'planted-3', 'security.passphrase': 'planted-4' }],
      interfaces: [{ name: 'wifi1', ssid: 'Home', psk: 'planted-5' }],
      extra: { nested: 'planted-6' },
    };
    const kept = withoutUnknownFields(wirelessTopic, change, MARK);
    expect(JSON.stringify(kept)).not.toContain('planted');
    expect(kept).toEqual({
      security_profiles: [{ name: 'p', 'authentication-types': ['wpa2-psk'], passphrase: 'known-secret', 'wpa2-pre-shared-key': MARK, psk: MARK, key: MARK, 'security.passphrase': MARK }],
      interfaces: [{ name: 'wifi1', ssid: 'Home', psk: MARK }],
      extra: MARK,
    });
    expect(change.security_profiles[0].psk).toBe('planted-2');
  });

  it('leave a change the topic takes as it is: a firewall plan keeps its rule keys', () => {
    const change = { rules: [{ key: 'ssh-from-noc', chain: 'input', action: 'accept', protocol: 'tcp', 'dst-port': '22' }] };
    expect(withoutUnknownFields(firewallRulesTopic, change, MARK)).toEqual(change);
    expect(withoutUnknownFields(firewallRulesTopic, { rules: [{ ...change.rules[0], secret: 'planted' }] }, MARK)).toEqual({ rules: [{ ...change.rules[0], secret: MARK }] });
  });
});
