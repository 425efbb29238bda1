/** RFC 6750 / RFC 9728 challenge: where the metadata is, and why the token was refused when it was. */
export function bearerChallenge(metadataUrl: string, refusal?: { error: 'invalid_token' | 'insufficient_scope'; description: string; scope?: string }): string {
  const quote = (value: string) => `"${value.replace(/["\\]/g, '')}"`;
  const parts = [`resource_metadata=${quote(metadataUrl)}`];
  if (refusal) {
    parts.push(`error=${quote(refusal.error)}`, `error_description=${quote(refusal.description)}`);
    if (refusal.scope) parts.push(`scope=${quote(refusal.scope)}`);
  }
  return `Bearer ${parts.join(', ')}`;
}
