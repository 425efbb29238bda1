import { ConfigError } from '@routeros-mcp/config';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { consoleOidcProviderName, consoleOidcSecretOf } from './console-oidc';

describe("the console's OIDC client secret", () => {
  const dir = mkdtempSync(join(tmpdir(), 'console-oidc-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('comes from the environment, or from the file (trimmed); none without a client id', () => {
    const file = join(dir, 'secret');
    writeFileSync(file, '  s3cret-from-file\n');
    expect(consoleOidcSecretOf({ consoleOidcClientId: 'c', consoleOidcClientSecret: 'from-env' })).toBe('from-env');
    expect(consoleOidcSecretOf({ consoleOidcClientId: 'c', consoleOidcClientSecretFile: file })).toBe('s3cret-from-file');
    expect(consoleOidcSecretOf({ consoleOidcClientSecret: 'from-env' })).toBeUndefined();
  });

  it('stops the start on a missing or empty file, naming the setting and the file, never a value', () => {
    const empty = join(dir, 'empty');
    writeFileSync(empty, '\n');
    expect(() => consoleOidcSecretOf({ consoleOidcClientId: 'c', consoleOidcClientSecretFile: join(dir, 'nope') })).toThrow(ConfigError);
    expect(() => consoleOidcSecretOf({ consoleOidcClientId: 'c', consoleOidcClientSecretFile: join(dir, 'nope') })).toThrow(/CONSOLE_OIDC_CLIENT_SECRET_FILE.*cannot read .*nope: ENOENT/);
    expect(() => consoleOidcSecretOf({ consoleOidcClientId: 'c', consoleOidcClientSecretFile: empty })).toThrow(/is empty/);
  });

  it("names the button after the configured provider, else the issuer's host", () => {
    expect(consoleOidcProviderName({ consoleOidcProviderName: 'Keycloak', oauthIssuer: 'https://idp.example.com/realms/ops' })).toBe('Keycloak');
    expect(consoleOidcProviderName({ oauthIssuer: 'https://idp.example.com/realms/ops' })).toBe('idp.example.com');
  });
});
