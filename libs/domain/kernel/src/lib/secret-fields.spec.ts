import { isSecretArgumentName, isSecretRouterOsProperty, redactRouterOsRow } from './secret-fields';

describe('secret RouterOS properties', () => {
  it.each(['security.passphrase', 'passphrase', 'password', 'authentication-password', 'sae-password', 'secret', 'ipsec-secret', 'secrets', 'wpa2-pre-shared-key', 'preshared-key', 'private-key', 'static-key-0', 'static-sta-private-key', 'management-protection-key', 'tcp-md5-key', 'authentication-key', 'psk', 'key', 'key-val', 'auth-key', 'eap-password', 'security.eap-password', 'sim-pin', 'community', 'trap-community', 'private-pre-shared-key', 'shared-secret', 'Wpa2-Pre-Shared-Key', 'interworking.foo-key-2'])(
    '%s is a secret',
    (name) => expect(isSecretRouterOsProperty(name)).toBe(true),
  );

  it.each(['passthrough', 'public-key', 'security.ft-r0-key-lifetime', 'security.authentication-types', 'name', 'key-lifetime', 'comment', 'key-size', 'remote-key', 'lacp-user-key', 'key-id', 'reset-private-key', 'multi-passphrase-group', 'security.multi-passphrase-group', 'passive', 'l1.passive', 'identity', 'ssid'])('%s is not', (name) =>
    expect(isSecretRouterOsProperty(name)).toBe(false),
  );

  it("arguments: every secret name but those the product's own arguments use otherwise (a firewall plan's rule key)", () => {
    for (const name of ['psk', 'wpa2-pre-shared-key', 'security.passphrase', 'password', 'apiToken', 'key-val']) expect(isSecretArgumentName(name)).toBe(true);
    for (const name of ['key', 'name', 'comment', 'public-key']) expect(isSecretArgumentName(name)).toBe(false);
    expect(isSecretRouterOsProperty('key')).toBe(true);
  });

  it('replaces set secrets and keeps empty ones, so a model can tell whether one is set', () => {
    const row = { name: 'wifi1', 'security.passphrase': 'factory-wifi-key', 'ipsec-secret': '' };
    expect(redactRouterOsRow(row)).toEqual({ name: 'wifi1', 'security.passphrase': '[redacted]', 'ipsec-secret': '' });
    expect(row['security.passphrase']).toBe('factory-wifi-key');
    const plain = { name: 'ether1' };
    expect(redactRouterOsRow(plain)).toBe(plain);
  });

  it("redacts a file's contents, and only in /file (a key or a sensitive export may be one)", () => {
    expect(redactRouterOsRow({ name: 'k.pem', contents: '-----BEGIN PRIVATE KEY-----' }, 'file')).toEqual({ name: 'k.pem', contents: '[redacted]' });
    expect(redactRouterOsRow({ name: 'empty.txt', contents: '' }, 'file')).toEqual({ name: 'empty.txt', contents: '' });
    expect(redactRouterOsRow({ contents: 'x' }, 'ip/firewall/layer7-protocol')).toEqual({ contents: 'x' });
  });
});
