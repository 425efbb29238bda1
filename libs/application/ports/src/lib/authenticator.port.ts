import type { Principal } from './audit-log.port';

/**
 * Why a bearer token was not accepted. `missing`: no token (401, discovery). `invalid`: bad signature, wrong
 * issuer or audience, malformed, unknown or revoked API token (401 invalid_token). `expired`: past `exp` or
 * before `nbf` beyond the allowed skew (401 invalid_token). `unavailable`: the issuer's keys or introspection
 * endpoint could not be reached (503, the token may be fine).
 */
export type AuthFailureKind = 'missing' | 'invalid' | 'expired' | 'unavailable';

export class AuthenticationError extends Error {
  constructor(
    readonly kind: AuthFailureKind,
    /** Safe to show the client: never the token, never key material. */
    readonly description: string,
  ) {
    super(description);
    this.name = 'AuthenticationError';
  }
}

/** A verified caller: who (with roles, narrowing) and the scopes the token carried (for step-up answers). */
export interface Authenticated {
  principal: Principal;
  scopes: string[];
  /** When the credential stops being valid (exp, or an API token's expiry). */
  expiresAt?: Date;
}

export const Authenticator = Symbol.for('Authenticator');
/** Turns the `Authorization: Bearer …` value into a principal; one implementation per `ROUTEROS_MCP_AUTH` mode. */
export interface Authenticator {
  /** @throws AuthenticationError */
  authenticate(bearer: string | undefined): Promise<Authenticated>;
}
