import { formatReport, runConformance } from './lib/run-conformance';

// The official MCP conformance suite against the built routeros-mcp-http, both revisions. On a machine with nothing
// cached it first installs Node 22 and the suite from the npm registry (about a minute).
describe('MCP conformance suite', () => {
  it('passes every required server scenario except the checks listed in expected-failures.yaml', async () => {
    const report = await runConformance({ log: (line) => process.stderr.write(`conformance: ${line}\n`) });
    process.stderr.write(formatReport(report) + '\n');
    expect(report.revisions.map((r) => [r.revision, r.unexpected, r.stale, r.suiteExitCode])).toEqual([
      ['2026-07-28', [], [], 0],
      ['2025-11-25', [], [], 0],
    ]);
    for (const revision of report.revisions) expect(revision.passedScenarios).toBeGreaterThan(0);
  });
});
