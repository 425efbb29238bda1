/**
 * Who acted, as one string that cannot be mistaken for anyone else: every way of proving identity has its own
 * namespace, so an API token named `root`, the OS user `root` and an OAuth subject `root` are three principals.
 *
 * - `os:<user>`: a person at this machine (the stdio server and the admin CLI: the same namespace, so four eyes on
 *   prod means two operating-system accounts);
 * - `as:<name>`: a name declared at the admin CLI, with `plan approve --as` (where the deployment allows it) or in a
 *   console login link (`console login --user`): never the same id as a proven principal, but for the four-eyes rule
 *   it stands for every principal of that name;
 * - `token:<name>`: an API token, by its unique name (names are never reused, revoked tokens keep theirs);
 * - `oidc:<issuer>#<sub>`: an OAuth subject, qualified by its issuer (a `sub` is unique only within one issuer);
 * - `oidc-client:<issuer>#<client_id>`: an OAuth client acting for itself with a token that names no subject;
 * - `anonymous`: the one principal of `ROUTEROS_MCP_AUTH=none`;
 * - `unauthenticated`: an HTTP request that proved no identity (refused with 401), as its audit record names it;
 * - `system:<job>`: the service acting on its own (recovering a change a dead process left unfinished).
 *
 * Display names (`name`, `preferred_username`) are never part of an id and never compared.
 */
export const PRINCIPAL_NAMESPACES = ['os', 'as', 'token', 'oidc', 'oidc-client', 'anonymous', 'unauthenticated', 'system'] as const;
export type PrincipalNamespace = (typeof PRINCIPAL_NAMESPACES)[number];

export const ANONYMOUS_PRINCIPAL_ID = 'anonymous';
/** Nobody: the caller of a request refused before it proved who it is; never holds a role. */
export const UNAUTHENTICATED_PRINCIPAL_ID = 'unauthenticated';

/** A name an operator gives (API token, `--as`): no `:` or `#`, which separate namespaces, and nothing unprintable. */
export const PRINCIPAL_NAME = /^[A-Za-z0-9][A-Za-z0-9._@-]{0,63}$/;
export const PRINCIPAL_NAME_RULE = '1-64 letters, digits or . _ @ - starting with a letter or digit (no ":")';

export const osPrincipalId = (user: string): string => `os:${nonEmpty(user, 'an OS user')}`;
export const declaredPrincipalId = (name: string): string => `as:${nonEmpty(name, 'a declared name')}`;
export const tokenPrincipalId = (name: string): string => `token:${nonEmpty(name, 'a token name')}`;
export const oidcPrincipalId = (issuer: string, subject: string): string => `oidc:${nonEmpty(issuer, 'an issuer')}#${nonEmpty(subject, 'a subject')}`;
export const systemPrincipalId = (job: string): string => `system:${nonEmpty(job, 'a job')}`;
export const oidcClientPrincipalId = (issuer: string, clientId: string): string => `oidc-client:${nonEmpty(issuer, 'an issuer')}#${nonEmpty(clientId, 'a client id')}`;

function nonEmpty(value: string, what: string): string {
  if (value.length === 0) throw new Error(`a principal id needs ${what}`);
  return value;
}

export interface ParsedPrincipalId {
  /** `legacy`: an id stored before principals were namespaced (a bare OS user, token name or OAuth subject). */
  namespace: PrincipalNamespace | 'legacy';
  /** The part that names the person within the namespace (an OAuth id's subject, without its issuer). */
  name: string;
}

export function parsePrincipalId(id: string): ParsedPrincipalId {
  if (id === ANONYMOUS_PRINCIPAL_ID) return { namespace: 'anonymous', name: id };
  if (id === UNAUTHENTICATED_PRINCIPAL_ID) return { namespace: 'unauthenticated', name: id };
  const colon = id.indexOf(':');
  const namespace = id.slice(0, colon) as PrincipalNamespace;
  if (colon <= 0 || !(PRINCIPAL_NAMESPACES as readonly string[]).includes(namespace) || namespace === 'anonymous' || namespace === 'unauthenticated') return { namespace: 'legacy', name: id };
  const rest = id.slice(colon + 1);
  // An issuer URL has no fragment (RFC 8414), so the first `#` ends it; a subject may hold anything.
  const name = namespace === 'oidc' || namespace === 'oidc-client' ? rest.slice(rest.indexOf('#') + 1) : rest;
  return { namespace, name };
}

/**
 * Whether two principal ids may be the same person, for the four-eyes rule. Proven ids are the same only when equal.
 * Two kinds of id only claim a name, so each is taken to be every principal of that name (conservative): an id from
 * before namespaces (`root` from a stdio session, a token's or a subject's bare name), which cannot say which
 * namespace it meant, so a plan made under an old id is never approved by the same person under a new one; and a
 * name declared with `--as`, so nobody approves while declaring the author's name.
 */
export function sameActor(a: string, b: string): boolean {
  if (a === b) return true;
  const left = parsePrincipalId(a);
  const right = parsePrincipalId(b);
  if (!claimsName(left) && !claimsName(right)) return false;
  return left.name === right.name;
}

const claimsName = (id: ParsedPrincipalId) => id.namespace === 'legacy' || id.namespace === 'as';
