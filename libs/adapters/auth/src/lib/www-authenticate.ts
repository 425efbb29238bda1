import type { AuthFailureKind } from '@routeros-mcp/application-ports';

export interface WwwAuthenticateOptions {
  /** The protected resource metadata URL (RFC 9728 §5.1); only where metadata exists (OAuth mode). */
  resourceMetadata?: string;
  /** `invalid_token` (401 with a bad token), `insufficient_scope` (403, step-up); none when no token was sent. */
  error?: 'invalid_token' | 'insufficient_scope';
  errorDescription?: string;
  /** The scopes that would be enough (space-separated): for step-up, and on a 401 the scope to start with. */
  scope?: string;
}

/** The realm of a challenge that points at no metadata (API tokens): RFC 6750's way to name the protected resource. */
const REALM = 'routeros-mcp';

/** RFC 6750 §3: a quoted-string may not hold `"` or `\` unescaped, nor control characters. */
const quote = (value: string) =>
  `"${[...value].map((c) => (c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f ? ' ' : c)).join('').replace(/["\\]/g, (c) => `\\${c}`)}"`;

/** `Bearer resource_metadata="…"` (or `realm="routeros-mcp"` without metadata)`[, error="…", error_description="…", scope="…"]`. */
export function wwwAuthenticate(options: WwwAuthenticateOptions): string {
  const params = [options.resourceMetadata ? `resource_metadata=${quote(options.resourceMetadata)}` : `realm=${quote(REALM)}`];
  if (options.error) params.push(`error=${quote(options.error)}`);
  if (options.errorDescription) params.push(`error_description=${quote(options.errorDescription)}`);
  if (options.scope) params.push(`scope=${quote(options.scope)}`);
  return `Bearer ${params.join(', ')}`;
}

/** The `error` an authentication failure answers with: none when no token was sent (RFC 6750 §3.1). */
export function bearerErrorOf(kind: AuthFailureKind): 'invalid_token' | undefined {
  return kind === 'invalid' || kind === 'expired' ? 'invalid_token' : undefined;
}
