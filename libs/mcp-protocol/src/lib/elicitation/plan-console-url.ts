/**
 * The operator console's base URL as a server offers it: the configured one (ROUTEROS_MCP_CONSOLE_URL), else, for
 * a server that has a public HTTP origin, that origin's `/console` (the console is served there); none otherwise
 * (stdio has no console of its own to offer).
 */
export function consoleBaseOf(configured: string | undefined, publicUrl?: URL): string | undefined {
  if (configured) return configured.replace(/\/+$/, '');
  return publicUrl ? `${publicUrl.origin}/console` : undefined;
}

/**
 * A plan's page on the console (`{base}/plans/{plan_id}`, the console contract). It names the plan and nothing
 * else: no token, no approval; whoever opens it logs in and needs the approver role to approve.
 */
export function planConsoleUrl(consoleBase: string | undefined, planId: string): string | undefined {
  return consoleBase ? `${consoleBase.replace(/\/+$/, '')}/plans/${encodeURIComponent(planId)}` : undefined;
}
