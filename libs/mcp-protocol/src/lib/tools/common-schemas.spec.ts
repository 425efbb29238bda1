import { WhereSchema } from './common-schemas';
import { interfaceList } from './interface/interface-list.tool';

describe('where filters', () => {
  it.each(['security.passphrase', 'passphrase', 'wpa2-pre-shared-key', 'ipsec-secret', 'private-key', 'psk', 'key', 'password'])('refuse the secret property %s, naming it (issue 21 item 11)', (name) => {
    const parsed = WhereSchema.safeParse({ name: 'wifi1', [name]: 'guess' });
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues).toEqual([expect.objectContaining({ path: [name], message: expect.stringContaining(`'${name}' is a secret property`) })]);
  });

  it('take ordinary properties, and the false friends of secrets', () => {
    expect(WhereSchema.safeParse({ name: 'wifi1', 'public-key': 'x', passthrough: true, 'security.authentication-types': 'wpa2-psk' }).success).toBe(true);
  });

  it("are refused on a listing tool's input with the property's path", () => {
    const parsed = interfaceList.input.safeParse({ device_id: 'dev-1', where: { 'security.passphrase': 'guess' } });
    expect(parsed.error?.issues[0]).toMatchObject({ path: ['where', 'security.passphrase'] });
  });
});
