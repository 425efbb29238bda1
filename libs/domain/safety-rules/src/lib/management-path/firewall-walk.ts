import { CompiledRule, MatchContext, Packet, ruleMatches } from './firewall-rule';

/** How a walk of a firewall table ends for the management packet. */
export type WalkOutcome =
  /** Accepted by `rule`, or (no rule) by falling off the base chain: the policy accepts. `notrack` leaves raw untracked. */
  | { kind: 'accept'; rule?: CompiledRule; notrack?: boolean }
  | { kind: 'cut'; rule: CompiledRule }
  /** The end depends on a construct this evaluation does not model, at `rule`. */
  | { kind: 'unknown'; rule: CompiledRule; construct: string };

type Step =
  | { kind: 'accept' | 'notrack'; rule: CompiledRule }
  | { kind: 'cut'; rule: CompiledRule }
  | { kind: 'unknown'; rule: CompiledRule; construct: string }
  | { kind: 'continue' };

const CUTS = new Set(['drop', 'reject', 'tarpit']);
const CONTINUES = new Set(['passthrough', 'log', 'add-dst-to-address-list', 'fasttrack-connection']);
const MAX_DEPTH = 32;

/**
 * Walks `start` for the packet. Unknown answers are taken pessimistically: an unknown accept is skipped (and
 * remembered), an unknown drop ends the walk as unknown; a drop reached after a skipped unknown accept is unknown too.
 */
export function walkTable(chains: Map<string, CompiledRule[]>, start: string, packet: Packet, ctx: MatchContext): WalkOutcome {
  const skipped: Array<{ rule: CompiledRule; construct: string }> = [];
  const stack: string[] = [];
  const walk = (chain: string): Step => {
    if (stack.includes(chain) || stack.length >= MAX_DEPTH) return { kind: 'continue' }; // RouterOS refuses jump loops
    stack.push(chain);
    try {
      for (const rule of chains.get(chain) ?? []) {
        const m = ruleMatches(rule, packet, ctx);
        if (m === false) continue;
        const unknown = typeof m === 'string' ? m : undefined;
        const step = act(rule, unknown);
        if (step.kind === 'return') return { kind: 'continue' }; // back to the calling chain (or the policy)
        if (step.kind === 'continue') continue;
        if (step.kind === 'unknown' || step.kind === 'cut' || !unknown) return step;
        skipped.push({ rule, construct: unknown });
      }
      return { kind: 'continue' };
    } finally {
      stack.pop();
    }
  };
  const returns = { kind: 'return' as const };
  const act = (rule: CompiledRule, unknown: string | undefined): Step | typeof returns => {
    if (rule.action === 'accept' || rule.action === 'notrack') return { kind: rule.action, rule } as Step;
    if (CUTS.has(rule.action)) return unknown ? { kind: 'unknown', rule, construct: unknown } : { kind: 'cut', rule };
    if (CONTINUES.has(rule.action)) return { kind: 'continue' };
    if (rule.action === 'add-src-to-address-list') {
      if (!unknown) ctx.added.add(rule.addressList);
      return { kind: 'continue' };
    }
    if (rule.action === 'jump') {
      const sub = walk(rule.jumpTarget);
      if (sub.kind === 'cut' && unknown) return { kind: 'unknown', rule, construct: unknown };
      return sub;
    }
    if (rule.action === 'return') return unknown ? { kind: 'unknown', rule, construct: unknown } : returns;
    return { kind: 'unknown', rule, construct: `action=${rule.action}` };
  };
  const end = walk(start);
  if (end.kind === 'accept' || end.kind === 'notrack') return { kind: 'accept', rule: end.rule, notrack: end.kind === 'notrack' };
  if (end.kind === 'unknown') return end;
  if (end.kind === 'cut') return skipped.length > 0 ? { kind: 'unknown', ...skipped[0] } : { kind: 'cut', rule: end.rule };
  return { kind: 'accept' };
}
