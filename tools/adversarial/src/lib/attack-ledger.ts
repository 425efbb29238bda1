import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { workspaceRoot } from './workspace-root';

/** `refused`: the attack failed, as it must. `accepted`: it worked, a defect (its test fails). */
export type AttackOutcome = 'refused' | 'accepted';

export interface AttackAttempt {
  area: string;
  attack: string;
  outcome: AttackOutcome;
  /** What the product answered, or what the attack achieved; never a secret (planted values are named, not shown). */
  detail: string;
}

/** Where each spec file leaves its attempts; `tools/scripts/test-summary.js` prints them as one table. */
export const LEDGER_DIR = join(workspaceRoot(), 'tmp', 'adversarial');

/**
 * The attempts of one spec file. Each attack is recorded whatever its outcome, and an accepted one throws, so the
 * test that made it fails with the attack named; the file is written after every attempt, so a crashed run still
 * leaves the rows it made.
 */
export class AttackLedger {
  private readonly attempts: AttackAttempt[] = [];

  constructor(private readonly suite: string) {}

  record(area: string, attack: string, outcome: AttackOutcome, detail: string): void {
    this.attempts.push({ area, attack, outcome, detail: detail.slice(0, 300) });
    mkdirSync(LEDGER_DIR, { recursive: true });
    writeFileSync(join(LEDGER_DIR, `${this.suite}.json`), JSON.stringify({ suite: this.suite, attempts: this.attempts }, null, 1));
    if (outcome === 'accepted') throw new Error(`attack accepted: [${area}] ${attack}: ${detail}`);
  }

  /** Records an attack that must be refused: `accepted` is what the product let through (undefined: refused). */
  refuse(area: string, attack: string, accepted: string | undefined, refusal = 'refused'): void {
    this.record(area, attack, accepted === undefined ? 'refused' : 'accepted', accepted ?? refusal);
  }
}
