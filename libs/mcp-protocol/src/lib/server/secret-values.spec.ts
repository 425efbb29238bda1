import { secretArgumentValues, withoutSecretValues } from './secret-values';

describe('secret argument values', () => {
  it('are the values under secret names at any depth, also inside objects under a secret name; short ones are left', () => {
    const raw = { name: 'public', psk: 'planted-1', change: { interfaces: [{ 'wpa2-pre-shared-key': 'planted-2' }], 'security.passphrase': 'planted-3', secret: { a: 'planted-4' }, rules: [{ key: 'ssh-from-noc' }] }, pin: 'abc', password: 42424242 };
    expect(secretArgumentValues(raw).sort()).toEqual(['42424242', 'planted-1', 'planted-2', 'planted-3', 'planted-4']);
  });

  it('are scrubbed from every string of an answer or a log line, keys and shape kept', () => {
    const payload = { message: 'value planted-1 is wrong', data: { errors: [{ field: 'psk', message: "'planted-1' too short" }], n: 1 } };
    expect(withoutSecretValues(payload, ['planted-1'])).toEqual({ message: 'value [redacted] is wrong', data: { errors: [{ field: 'psk', message: "'[redacted]' too short" }], n: 1 } });
    expect(withoutSecretValues(payload, [])).toBe(payload);
  });

  it('never follows nesting past its bound (arguments nested 10,000 levels do not exhaust the stack)', () => {
    let deep: Record<string, unknown> = { psk: 'planted-deep' };
    for (let i = 0; i < 10_000; i++) deep = { a: deep };
    expect(secretArgumentValues(deep)).toEqual([]);
    expect(() => withoutSecretValues(deep, ['x'])).not.toThrow();
  });
});
