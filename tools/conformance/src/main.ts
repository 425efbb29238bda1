import { REVISIONS, Revision } from './lib/expected-failures';
import { formatReport, runConformance } from './lib/run-conformance';

/** `node tools/conformance/dist/main.js [2026-07-28|2025-11-25]`: exit 0 only when the run matches expected-failures.yaml. */
async function main(): Promise<void> {
  const only = process.argv[2] as Revision | undefined;
  if (only && !REVISIONS.includes(only)) throw new Error(`unknown revision ${only}; one of ${REVISIONS.join(', ')}`);
  const report = await runConformance({
    revisions: only ? [only] : undefined,
    log: (line) => process.stderr.write(`conformance: ${line}\n`),
  });
  process.stdout.write(formatReport(report) + '\n');
  process.exitCode = report.ok ? 0 : 1;
}

main().catch((error: unknown) => {
  process.stderr.write(`conformance: ${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
