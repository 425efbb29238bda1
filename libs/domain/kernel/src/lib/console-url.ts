/**
 * The operator console's base URL, one rule for the servers (where plan_apply sends people) and the admin CLI (its
 * login links): the configured one (ROUTEROS_MCP_CONSOLE_URL), else the console under an HTTP origin
 * (`{origin}/console`, where routeros-mcp-http serves it); none without either (stdio has no console of its own).
 */
export function consoleBaseOf(configured: string | undefined, origin?: URL): string | undefined {
  if (configured) return configured.replace(/\/+$/, '');
  return origin ? `${origin.origin}/console` : undefined;
}
