import { menuChangesTopic, Plan, wirelessTopic } from '@routeros-mcp/domain-plans';
import type { DataKeys, SecretCipher } from '@routeros-mcp/application-ports';
import { newPlanDataKey, planSecretCipher } from './plan-data-key';
import { openPlanSecrets, redactedPlan, redactPlanSecrets, sealedPlanValues, sealPlanSecrets, stepInput } from './plan-secrets';

/** A stand-in cipher for pure logic: reversible, bound to its context like the real one. */
const cipher = {
  encrypt: (plain: string, context: string) => Buffer.from(JSON.stringify([context, plain])).toString('base64'),
  decrypt: (sealed: string, context: string) => {
    const [bound, plain] = JSON.parse(Buffer.from(sealed, 'base64').toString('utf8')) as [string, string];
    if (bound !== context) throw new Error('context mismatch');
    return plain;
  },
};
const change = { security_profiles: [{ name: 'a', 'authentication-types': ['wpa2-psk'], passphrase: 'first-secret-1' }, { name: 'b', 'authentication-types': ['wpa2-psk'] }, { name: 'c', 'authentication-types': ['wpa2-psk'], passphrase: 'third-secret-3' }] };

describe('plan secrets', () => {
  it('seals every secret field of the topic, opens them back, and redacts them for display', () => {
    const sealed = sealPlanSecrets(change, wirelessTopic, cipher);
    expect(JSON.stringify(sealed)).not.toMatch(/first-secret|third-secret/);
    expect(sealed).toMatchObject({ security_profiles: [{ name: 'a', passphrase: { sealed: expect.any(String) } }, { name: 'b' }, { name: 'c', passphrase: { sealed: expect.any(String) } }] });
    expect((sealed['security_profiles'] as object[])[1]).not.toHaveProperty('passphrase');
    expect(sealPlanSecrets(sealed, wirelessTopic, cipher)).toEqual(sealed);
    expect(openPlanSecrets(sealed, wirelessTopic, cipher)).toEqual(change);
    expect(wirelessTopic.parse(openPlanSecrets(sealed, wirelessTopic, cipher)).security_profiles[0].passphrase).toBe('first-secret-1');
    expect(redactPlanSecrets(sealed, wirelessTopic)).toMatchObject({ security_profiles: [{ passphrase: '[redacted]' }, { name: 'b' }, { passphrase: '[redacted]' }] });
    expect(change.security_profiles[0].passphrase).toBe('first-secret-1');
  });

  it("seals every secret among a menu plan's values, whatever the menu calls it, and nothing else", () => {
    const menu = { path: '/user', operations: [{ op: 'add', values: { name: 'ro', group: 'read', password: 'user-secret-1' } }, { op: 'set', id: '*1', values: { 'private-key': 'wg-secret-2', comment: 'c' } }] };
    const sealed = sealPlanSecrets(menu, menuChangesTopic, cipher);
    expect(JSON.stringify(sealed)).not.toMatch(/user-secret|wg-secret/);
    expect(sealed).toMatchObject({ operations: [{ values: { name: 'ro', group: 'read', password: { sealed: expect.any(String) } } }, { values: { 'private-key': { sealed: expect.any(String) }, comment: 'c' } }] });
    expect(openPlanSecrets(sealed, menuChangesTopic, cipher)).toEqual(menu);
    expect(redactPlanSecrets(sealed, menuChangesTopic)).toMatchObject({ operations: [{ values: { password: '[redacted]', name: 'ro' } }, { values: { 'private-key': '[redacted]' } }] });
  });

  it('refuses a plain secret where a sealed one belongs, and a sealed value moved to another path', () => {
    expect(() => openPlanSecrets(change, wirelessTopic, cipher)).toThrow('security_profiles.0.passphrase');
    const sealed = sealPlanSecrets(change, wirelessTopic, cipher) as { security_profiles: Record<string, unknown>[] };
    const swapped = { security_profiles: [sealed.security_profiles[2], sealed.security_profiles[1], sealed.security_profiles[0]] };
    expect(() => openPlanSecrets(swapped, wirelessTopic, cipher)).toThrow('context mismatch');
  });

  it('leaves topics without secret fields as they are', () => {
    expect(sealPlanSecrets({ dns: { servers: ['192.0.2.1'] } }, { name: 'dns_ntp' }, cipher)).toEqual({ dns: { servers: ['192.0.2.1'] } });
  });

  it('parses a stored change with its secrets opened, and shows a plan redacted without touching what is hashed', () => {
    const sealed = sealPlanSecrets(change, wirelessTopic, cipher);
    expect(stepInput(wirelessTopic, sealed, cipher).security_profiles.map((p) => p.passphrase)).toEqual(['first-secret-1', undefined, 'third-secret-3']);
    const plan = Plan.create({ id: 'plan-abcd', title: 't', toolName: 'plan_wireless', topic: 'wireless', createdBy: 'm', environment: 'lab', riskLevel: 'medium', summary: 's', targets: [{ deviceId: 'r1', change: sealed }] }, new Date(0));
    const shown = redactedPlan(plan);
    expect(shown.steps[0].change).toMatchObject({ security_profiles: [{ name: 'a', passphrase: '[redacted]' }, { name: 'b' }, { name: 'c', passphrase: '[redacted]' }] });
    expect(JSON.stringify(shown.toProps())).not.toContain('"sealed"');
    expect(plan.steps[0].change).toEqual(sealed);
    expect(plan.currentContentHash()).toBe(plan.contentHash);
    // A topic this version does not know: secret-looking fields by name.
    const odd = Plan.create({ id: 'plan-efgh', title: 't', toolName: 'plan_other', topic: 'other', createdBy: 'm', environment: 'lab', riskLevel: 'low', summary: 's', targets: [{ deviceId: 'r1', change: { psk: { password: 'x-secret' } } }] }, new Date(0));
    expect(JSON.stringify(redactedPlan(odd).steps[0].change)).not.toContain('x-secret');
  });

  it('seals a plan\'s secrets with its own data key (bound to the plan), the data key itself with the master cipher', () => {
    const keyed = (key: string): SecretCipher => ({
      activeKeyId: key,
      encrypt: (plain, context) => cipher.encrypt(plain, `${key}|${context}`),
      decrypt: (sealed, context) => cipher.decrypt(sealed, `${key}|${context}`),
      keyIdOf: () => key,
    });
    let n = 0;
    const dataKeys: DataKeys = { generate: () => `dk${++n}`, cipher: keyed };
    const master = keyed('master');
    const { sealedDataKey, cipher: planCipher } = newPlanDataKey('plan-a', master, dataKeys);
    expect(master.decrypt(sealedDataKey, 'plan-data-key:plan-a')).toBe('dk1');
    const sealed = sealPlanSecrets(change, wirelessTopic, planCipher);
    expect(sealedPlanValues(sealed)).toHaveLength(2);
    expect(stepInput(wirelessTopic, sealed, planSecretCipher({ id: 'plan-a', sealedDataKey }, master, dataKeys)).security_profiles[0].passphrase).toBe('first-secret-1');
    // Not with the master key, not under another plan's id.
    expect(() => openPlanSecrets(sealed, wirelessTopic, master)).toThrow('context mismatch');
    expect(() => openPlanSecrets(sealed, wirelessTopic, planSecretCipher({ id: 'plan-b', sealedDataKey: master.encrypt('dk1', 'plan-data-key:plan-b') }, master, dataKeys))).toThrow('context mismatch');
    // A plan made before data keys: its secrets were sealed by the master cipher directly.
    const legacy = sealPlanSecrets(change, wirelessTopic, master);
    expect(stepInput(wirelessTopic, legacy, planSecretCipher({ id: 'plan-old' }, master, dataKeys)).security_profiles[2].passphrase).toBe('third-secret-3');
  });
});
