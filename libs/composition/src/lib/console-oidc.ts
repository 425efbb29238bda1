import type { Config } from '@routeros-mcp/config';
import { ConfigError } from '@routeros-mcp/config';
import { algorithmsOf, claimMappingOf, OidcLogin } from '@routeros-mcp/adapters-auth';
import { readFileSync } from 'node:fs';

/**
 * The console's OIDC client secret, from ROUTEROS_MCP_CONSOLE_OIDC_CLIENT_SECRET or the file _CLIENT_SECRET_FILE
 * names (read once, at start: a missing file stops the server before it listens); undefined when console OIDC is off.
 * Errors name the setting and the file, never the value.
 */
export function consoleOidcSecretOf(config: Pick<Config, 'consoleOidcClientId' | 'consoleOidcClientSecret' | 'consoleOidcClientSecretFile'>): string | undefined {
  if (!config.consoleOidcClientId) return undefined;
  if (config.consoleOidcClientSecret) return config.consoleOidcClientSecret;
  let text: string;
  try {
    text = readFileSync(config.consoleOidcClientSecretFile!, 'utf8');
  } catch (error) {
    throw new ConfigError([`ROUTEROS_MCP_CONSOLE_OIDC_CLIENT_SECRET_FILE (consoleOidcClientSecretFile): cannot read ${config.consoleOidcClientSecretFile}: ${(error as NodeJS.ErrnoException).code ?? 'error'}`]);
  }
  const secret = text.trim();
  if (!secret) throw new ConfigError([`ROUTEROS_MCP_CONSOLE_OIDC_CLIENT_SECRET_FILE (consoleOidcClientSecretFile): ${config.consoleOidcClientSecretFile} is empty`]);
  return secret;
}

/**
 * The console's login through the MCP endpoint's issuer, as a confidential client, with the endpoint's claim mapping
 * and accepted algorithms; undefined when not configured (jose loads on the first login).
 */
export function consoleOidcLoginFor(config: Config, secret: string | undefined, consoleBase: string): OidcLogin | undefined {
  if (!config.consoleOidcClientId || !secret || !config.oauthIssuer) return undefined;
  return new OidcLogin({
    issuer: config.oauthIssuer,
    clientId: config.consoleOidcClientId,
    clientSecret: secret,
    redirectUri: `${consoleBase.replace(/\/+$/, '')}/login/callback`,
    scopes: config.consoleOidcScopes,
    algorithms: algorithmsOf(config),
    clockSkewS: config.oauthClockSkewS,
    mapping: claimMappingOf(config),
  });
}

/** "Sign in with …": the configured name, else the issuer's host name. */
export function consoleOidcProviderName(config: Pick<Config, 'consoleOidcProviderName' | 'oauthIssuer'>): string {
  return config.consoleOidcProviderName ?? (config.oauthIssuer ? new URL(config.oauthIssuer).hostname : 'your identity provider');
}
