import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface SuiteCheck {
  scenario: string;
  id: string;
  status: string;
  message?: string;
}

/** Every check the suite saved under `-o dir` (one `server-<scenario>-<timestamp>/checks.json` per scenario). */
export function readChecks(outputDir: string): { scenarios: Set<string>; checks: SuiteCheck[] } {
  const checks: SuiteCheck[] = [];
  const scenarios = new Set<string>();
  for (const entry of existsSync(outputDir) ? readdirSync(outputDir) : []) {
    const scenario = /^server-(.+)-\d{4}-\d{2}-\d{2}T[\d-]+Z$/.exec(entry)?.[1];
    const file = join(outputDir, entry, 'checks.json');
    if (!scenario || !existsSync(file)) continue;
    scenarios.add(scenario);
    const raw = JSON.parse(readFileSync(file, 'utf8')) as { id: string; status: string; errorMessage?: string; details?: { message?: string } }[];
    for (const check of raw) checks.push({ scenario, id: check.id, status: check.status, message: check.errorMessage ?? check.details?.message });
  }
  return { scenarios, checks };
}

/** The server scenarios a revision requires, from `conformance list --server --requirements <revision>`. */
export function requiredServerScenarios(listOutput: string): Set<string> {
  // eslint-disable-next-line no-control-regex -- ANSI colours, should the suite print them
  const plain = listOutput.replace(/\u001b\[[0-9;]*m/g, '');
  const section = /^Server scenarios[^\n]*\n((?:\s+- \S+\n?)+)/m.exec(plain)?.[1] ?? '';
  return new Set([...section.matchAll(/^\s+- (\S+)/gm)].map((m) => m[1]!));
}

export interface RevisionVerdict {
  requiredScenarios: number;
  /** Required scenarios with no failing check. */
  passedScenarios: number;
  /** Required scenarios whose failing checks are all listed as expected. */
  expectedFailingScenarios: number;
  passedChecks: number;
  /** Failing checks (FAILURE, or WARNING: a SHOULD the suite's baseline mode counts as failing too). */
  failedChecks: number;
  /** Failing checks the expected-failures file does not list, with the suite's message. */
  unexpected: string[];
  /** Listed checks that passed: the entry must go. */
  stale: string[];
  /** Required scenarios the suite did not run at all. */
  missing: string[];
}

const severity = (status: string) => (status === 'FAILURE' ? 3 : status === 'WARNING' ? 2 : status === 'SUCCESS' ? 1 : 0);
const failing = (status: string) => status === 'FAILURE' || status === 'WARNING';

/**
 * Judges one revision the way the suite's baseline mode does: a check id repeated in a scenario collapses to its most
 * severe status; WARNING counts as failing; only required scenarios count.
 */
export function judge({ scenarios: ran, checks }: { scenarios: ReadonlySet<string>; checks: readonly SuiteCheck[] }, required: ReadonlySet<string>, expected: readonly string[]): RevisionVerdict {
  const verdicts = new Map<string, SuiteCheck>();
  for (const check of checks) {
    if (!required.has(check.scenario) || check.status === 'INFO') continue;
    const key = `${check.scenario}:${check.id}`;
    const seen = verdicts.get(key);
    if (!seen || severity(check.status) >= severity(seen.status)) verdicts.set(key, check);
  }
  const listed = new Set(expected);
  const all = [...verdicts.entries()];
  const failed = all.filter(([, c]) => failing(c.status));
  const unexpected = failed.filter(([key]) => !listed.has(key));
  const failingScenarios = new Set(failed.map(([, c]) => c.scenario));
  const unexpectedScenarios = new Set(unexpected.map(([, c]) => c.scenario));
  const requiredRan = [...required].filter((s) => ran.has(s));
  return {
    requiredScenarios: required.size,
    passedScenarios: requiredRan.filter((s) => !failingScenarios.has(s)).length,
    expectedFailingScenarios: [...failingScenarios].filter((s) => !unexpectedScenarios.has(s)).length,
    passedChecks: all.filter(([, c]) => c.status === 'SUCCESS').length,
    failedChecks: failed.length,
    unexpected: unexpected.map(([key, c]) => `${key} (${c.status}: ${(c.message ?? '').slice(0, 300)})`),
    stale: all.filter(([key, c]) => listed.has(key) && c.status === 'SUCCESS').map(([key]) => key),
    missing: [...required].filter((s) => !ran.has(s)),
  };
}
