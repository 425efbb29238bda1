/**
 * A plan's page on the console (`{base}/plans/{plan_id}`, the console contract). It names the plan and nothing
 * else: no token, no approval; whoever opens it logs in and needs the approver role to approve.
 */
export function planConsoleUrl(consoleBase: string | undefined, planId: string): string | undefined {
  return consoleBase ? `${consoleBase.replace(/\/+$/, '')}/plans/${encodeURIComponent(planId)}` : undefined;
}
