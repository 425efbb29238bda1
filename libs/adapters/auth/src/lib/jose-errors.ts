import { AuthenticationError } from '@routeros-mcp/application-ports';

/**
 * What a jose failure means for the caller. Descriptions are fixed texts: never the token, a claim's value or key
 * material. A JWKS that cannot be fetched is `unavailable` (the token may be fine); everything else about the
 * token is `invalid`, except time: past `exp`, or before `nbf`, beyond the allowed skew is `expired`.
 */
export function authErrorOf(error: unknown): AuthenticationError {
  if (error instanceof AuthenticationError) return error;
  const e = error as { code?: string; claim?: string };
  switch (e.code) {
    case 'ERR_JWT_EXPIRED':
      return new AuthenticationError('expired', 'the access token has expired');
    case 'ERR_JWT_CLAIM_VALIDATION_FAILED':
      if (e.claim === 'nbf') return new AuthenticationError('expired', 'the access token is not valid yet (nbf)');
      if (e.claim === 'iss') return new AuthenticationError('invalid', 'the access token was issued by another issuer');
      if (e.claim === 'aud') return new AuthenticationError('invalid', 'the access token is not meant for this resource (audience)');
      return new AuthenticationError('invalid', `the access token's ${e.claim ?? 'claims'} claim is missing or invalid`);
    case 'ERR_JOSE_ALG_NOT_ALLOWED':
      return new AuthenticationError('invalid', "the access token's signing algorithm is not allowed");
    case 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED':
      return new AuthenticationError('invalid', "the access token's signature does not verify");
    case 'ERR_JWKS_NO_MATCHING_KEY':
    case 'ERR_JWKS_MULTIPLE_MATCHING_KEYS':
      return new AuthenticationError('invalid', 'the access token is signed with a key the issuer does not publish');
    case 'ERR_JWKS_TIMEOUT':
      return new AuthenticationError('unavailable', "the issuer's signing keys could not be fetched in time");
    case 'ERR_JWKS_INVALID':
    case 'ERR_JOSE_GENERIC':
      // jwtVerify raises the generic error only from the key-set fetch (non-200 answer, unparsable body).
      return new AuthenticationError('unavailable', "the issuer's signing keys could not be fetched");
    case 'ERR_JWT_INVALID':
    case 'ERR_JWS_INVALID':
    case 'ERR_JOSE_NOT_SUPPORTED':
    case 'ERR_JWK_INVALID':
      return new AuthenticationError('invalid', 'the access token is malformed or uses an unsupported form');
  }
  // fetch() failures (connection refused, DNS, abort) while loading keys; by name, as fetch's realm may differ.
  if (['TypeError', 'AbortError', 'TimeoutError'].includes((error as Error)?.name)) {
    return new AuthenticationError('unavailable', "the issuer's signing keys could not be fetched");
  }
  return new AuthenticationError('invalid', 'the access token could not be verified');
}
