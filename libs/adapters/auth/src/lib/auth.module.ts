import { ApiTokenRepository, Authenticator, Clock } from '@routeros-mcp/application-ports';
import type { ContainerModule } from '@routeros-mcp/inversify';
import { ApiTokenAuthenticator } from './api-token.authenticator';
import { ApiTokenService } from './api-token.service';
import { algorithmsOf, audienceOf, AuthConfig } from './auth-config';
import { ClaimMapping, parseScopeRoles } from './claim-mapping';
import { JwtAuthenticator } from './jwt.authenticator';
import { NoAuthAuthenticator } from './no-auth.authenticator';

/** How claims become roles and narrowing (`ROUTEROS_MCP_OAUTH_*`): one mapping for the MCP endpoint and the console's login. */
export function claimMappingOf(config: Pick<AuthConfig, 'oauthScopeRoles' | 'oauthRolesClaim' | 'oauthEnvironmentsClaim' | 'oauthDeviceTagsClaim'>): ClaimMapping {
  return {
    scopeRoles: parseScopeRoles(config.oauthScopeRoles),
    ...(config.oauthRolesClaim ? { rolesClaim: config.oauthRolesClaim } : {}),
    ...(config.oauthEnvironmentsClaim ? { environmentsClaim: config.oauthEnvironmentsClaim } : {}),
    ...(config.oauthDeviceTagsClaim ? { deviceTagsClaim: config.oauthDeviceTagsClaim } : {}),
  };
}

/** The OAuth resource server as configured (`ROUTEROS_MCP_OAUTH_*`). */
export function jwtAuthenticatorFor(config: AuthConfig): JwtAuthenticator {
  if (!config.oauthIssuer) throw new Error('ROUTEROS_MCP_AUTH=oauth needs ROUTEROS_MCP_OAUTH_ISSUER');
  const introspection =
    config.oauthIntrospectionUrl && config.oauthIntrospectionClientId && config.oauthIntrospectionClientSecret
      ? { url: config.oauthIntrospectionUrl, clientId: config.oauthIntrospectionClientId, clientSecret: config.oauthIntrospectionClientSecret }
      : undefined;
  return new JwtAuthenticator({
    issuer: config.oauthIssuer,
    audience: audienceOf(config),
    algorithms: algorithmsOf(config),
    clockSkewS: config.oauthClockSkewS,
    ...(config.oauthJwksUri ? { jwksUri: config.oauthJwksUri } : {}),
    mapping: claimMappingOf(config),
    ...(introspection ? { introspection } : {}),
  });
}

/**
 * Binds `Authenticator` for `config.auth` (oauth: JWT/introspection; tokens: API tokens; none: one local admin)
 * and `ApiTokenService`. Needs `ApiTokenRepository` and `Clock` bound elsewhere (persistence, composition).
 */
export function authModule(config: AuthConfig): ContainerModule {
  // Required here, not at the top: the lib's pure helpers reach the apps' start-up path, inversify need not.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { ContainerModule: Module } = require('@routeros-mcp/inversify') as typeof import('@routeros-mcp/inversify');
  return new Module(({ bind }) => {
    bind(ApiTokenService)
      .toDynamicValue((ctx) => new ApiTokenService(ctx.get<ApiTokenRepository>(ApiTokenRepository), ctx.get<Clock>(Clock)))
      .inSingletonScope();
    const authenticator = bind<Authenticator>(Authenticator);
    if (config.auth === 'oauth') authenticator.toConstantValue(jwtAuthenticatorFor(config));
    else if (config.auth === 'none') authenticator.toConstantValue(new NoAuthAuthenticator());
    else authenticator.toDynamicValue((ctx) => new ApiTokenAuthenticator(ctx.get<ApiTokenRepository>(ApiTokenRepository), ctx.get<Clock>(Clock))).inSingletonScope();
  });
}
