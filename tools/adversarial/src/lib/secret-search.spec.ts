import { encodingsOf, findSecrets } from './secret-search';

const hay = (name: string, text: string | Buffer) => ({ name, bytes: Buffer.isBuffer(text) ? text : Buffer.from(text) });

describe('findSecrets', () => {
  it('finds a secret in every form it can take on the way to a file', () => {
    const secret = 'Adv-Sim-Pw-7f3a9c';
    for (const form of encodingsOf(secret)) {
      const found = findSecrets({ pw: secret }, [hay('file', Buffer.concat([Buffer.from('xx'), form.bytes, Buffer.from('yy')]))]);
      expect(found).toContain(`pw (${form.name}) in file`);
    }
  });

  it('finds a secret base64-encoded inside a longer value, at any alignment', () => {
    const secret = 'Adv-Wpa2-Psk-11aa';
    for (const prefix of ['', 'a', 'ab']) {
      const value = Buffer.from(`{"k":"${prefix}${secret}"}`).toString('base64');
      expect(findSecrets({ s: secret }, [hay('row', value)]).length).toBeGreaterThan(0);
    }
  });

  it('finds nothing where the secret is not', () => {
    expect(findSecrets({ pw: 'Adv-Sim-Pw-7f3a9c' }, [hay('file', 'Adv-Sim-Pw-7f3a9')])).toEqual([]);
  });

  it('refuses a needle short enough to match by chance (a token fragment cut at an underscore)', () => {
    expect(() => findSecrets({ 'token secret': 'x9' }, [hay('catalogue page', 'zzx9zz')])).toThrow(/2 characters: a search for it would find chance matches/);
  });
});
