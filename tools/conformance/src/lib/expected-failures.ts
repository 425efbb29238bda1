import { readFileSync } from 'node:fs';
import { parse, stringify } from 'yaml';
import { z } from 'zod';

/** The MCP revisions the suite runs, each at its own wire (2026-07-28 stateless, 2025-11-25 with initialize). */
export const REVISIONS = ['2026-07-28', '2025-11-25'] as const;
export type Revision = (typeof REVISIONS)[number];

export interface ExpectedFailure {
  /** `<scenario>:<check-id>` as the suite prints it. */
  check: string;
  /** Why the check cannot pass against this server (which fixture of the suite it needs). */
  reason: string;
}
export type ExpectedFailures = Record<Revision, ExpectedFailure[]>;

// One check per entry: excusing a whole scenario would stop enforcing its other checks.
const entry = z.strictObject({
  check: z.string().regex(/^[a-z0-9][a-z0-9-]*:[a-z0-9][a-z0-9-]*$/, 'must be <scenario>:<check-id>, e.g. tools-call-image:tools-call-image'),
  reason: z.string().trim().min(10, 'must say why the check cannot pass (which fixture of the suite it needs)'),
});
const file = z.strictObject({ '2026-07-28': z.array(entry).default([]), '2025-11-25': z.array(entry).default([]) });

/** Parses and validates the expected-failures file; throws naming the entry and its problem. */
export function parseExpectedFailures(text: string, source = 'expected-failures.yaml'): ExpectedFailures {
  const parsed = file.safeParse(parse(text) ?? {});
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(top level)'}: ${issue.message}`);
    throw new Error(`${source}: ${problems.join('; ')}`);
  }
  for (const revision of REVISIONS) {
    const seen = new Set<string>();
    for (const { check } of parsed.data[revision]) {
      if (seen.has(check)) throw new Error(`${source}: ${revision} lists ${check} twice`);
      seen.add(check);
    }
  }
  return parsed.data;
}

export function loadExpectedFailures(path: string): ExpectedFailures {
  return parseExpectedFailures(readFileSync(path, 'utf8'), path);
}

/** The suite's own baseline format (`server:` list of `<scenario>:<check-id>`), for `--expected-failures`. */
export function toSuiteBaseline(entries: readonly ExpectedFailure[]): string {
  return stringify({ server: entries.map((e) => e.check) });
}
