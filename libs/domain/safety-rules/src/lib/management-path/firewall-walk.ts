import { CompiledRule, MatchContext, Packet, ruleMatches } from './firewall-rule';

/** How a walk of a firewall table ends for the management packet. */
export type WalkOutcome =
  /** Accepted by `rule`, or (no rule) by falling off the base chain: the policy accepts. `notrack` leaves raw untracked. */
  | { kind: 'accept'; rule?: CompiledRule; notrack?: boolean }
  | { kind: 'cut'; rule: CompiledRule }
  /** The end depends on a construct this evaluation does not model, at `rule`. */
  | { kind: 'unknown'; rule: CompiledRule; construct: string; accept?: CompiledRule };

type Step = { kind: 'accept' | 'notrack' | 'cut'; rule: CompiledRule } | { kind: 'continue' } | { kind: 'return' };

const CUTS = new Set(['drop', 'reject', 'tarpit']);
const CONTINUES = new Set(['passthrough', 'log', 'add-dst-to-address-list', 'fasttrack-connection']);
const MAX_DEPTH = 32;

/**
 * Walks `start` for the packet. A rule whose answer is unknown is read both ways at once: an unknown accept is
 * skipped (what follows must accept too), an unknown drop is passed over (what follows must not drop either).
 * A definite drop after only passed-over drops is a cut whatever they do; a drop after a skipped accept, or an
 * accept after a passed-over drop, depends on the unknown construct.
 */
export function walkTable(chains: Map<string, CompiledRule[]>, start: string, packet: Packet, ctx: MatchContext, cuts: ReadonlySet<string> = CUTS): WalkOutcome {
  let skippedAccept: { rule: CompiledRule; construct: string } | undefined;
  let passedDrop: { rule: CompiledRule; construct: string } | undefined;
  const stack: string[] = [];

  const walk = (chain: string): Step => {
    if (stack.includes(chain) || stack.length >= MAX_DEPTH) return { kind: 'continue' }; // RouterOS refuses jump loops
    stack.push(chain);
    try {
      for (const rule of chains.get(chain) ?? []) {
        const m = ruleMatches(rule, packet, ctx);
        if (m === false) continue;
        const step = m === true ? act(rule) : actUnknown(rule, m);
        if (step.kind === 'return') return { kind: 'continue' }; // back to the calling chain (or the policy)
        if (step.kind !== 'continue') return step;
      }
      return { kind: 'continue' };
    } finally {
      stack.pop();
    }
  };

  const act = (rule: CompiledRule): Step => {
    if (rule.action === 'accept' || rule.action === 'notrack') return { kind: rule.action, rule };
    if (cuts.has(rule.action)) return { kind: 'cut', rule };
    if (rule.action === 'jump') return walk(rule.jumpTarget);
    if (rule.action === 'return') return { kind: 'return' };
    if (rule.action === 'add-src-to-address-list') ctx.added.add(rule.addressList);
    else if (!CONTINUES.has(rule.action)) passedDrop ??= { rule, construct: `action=${rule.action}` };
    return { kind: 'continue' };
  };

  const actUnknown = (rule: CompiledRule, construct: string): Step => {
    if (rule.action === 'jump') {
      // Taken or not: if the sub-chain decides, the decision rests on this rule's unknown construct.
      const sub = walk(rule.jumpTarget);
      if (sub.kind === 'accept' || sub.kind === 'notrack') skippedAccept ??= { rule, construct };
      if (sub.kind === 'cut') passedDrop ??= { rule, construct };
    } else if (rule.action === 'accept' || rule.action === 'notrack') {
      skippedAccept ??= { rule, construct };
    } else if (rule.action !== 'add-src-to-address-list' && !CONTINUES.has(rule.action)) {
      passedDrop ??= { rule, construct }; // drop, reject, tarpit, return, or an action this evaluation does not know
    }
    return { kind: 'continue' };
  };

  const end = walk(start);
  if (end.kind === 'cut') return skippedAccept ? { kind: 'unknown', ...skippedAccept } : { kind: 'cut', rule: end.rule };
  if (passedDrop) return { kind: 'unknown', ...passedDrop, accept: end.kind === 'accept' ? end.rule : undefined };
  if (end.kind === 'accept' || end.kind === 'notrack') return { kind: 'accept', rule: end.rule, notrack: end.kind === 'notrack' };
  return { kind: 'accept' };
}
