import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadExpectedFailures, REVISIONS, Revision, toSuiteBaseline } from './expected-failures';
import { startFixtureProxy } from './fixture-proxy';
import { startHttpServer } from './http-server.process';
import { judge, readChecks, requiredServerScenarios, RevisionVerdict } from './suite-results';
import { ensureToolchain, REPO_ROOT, SUITE_VERSION } from './toolchain';

export const EXPECTED_FAILURES_FILE = join(REPO_ROOT, 'tools', 'conformance', 'expected-failures.yaml');

export interface RevisionReport extends RevisionVerdict {
  revision: Revision;
  /** The suite's own exit code with our baseline (0: only expected failures, none stale). */
  suiteExitCode: number;
  /** The suite's printed output, for a failure report. */
  output: string;
  seconds: number;
}

export interface ConformanceReport {
  ok: boolean;
  suiteVersion: string;
  revisions: RevisionReport[];
  /** Kept when a revision failed, for the per-check JSON; removed otherwise. */
  workDir: string;
}

export interface ConformanceOptions {
  expectedFailuresFile?: string;
  cacheDir?: string;
  revisions?: readonly Revision[];
  log?: (line: string) => void;
}

/**
 * Installs Node 22 and the suite if needed, starts the built routeros-mcp-http (auth none on 127.0.0.1: the suite's
 * server mode sends no Authorization header; SQLite in a temp dir) and runs the server scenarios each revision requires.
 */
export async function runConformance(options: ConformanceOptions = {}): Promise<ConformanceReport> {
  const log = options.log ?? (() => undefined);
  const expected = loadExpectedFailures(options.expectedFailuresFile ?? EXPECTED_FAILURES_FILE);
  const toolchain = await ensureToolchain(options.cacheDir, log);
  const workDir = mkdtempSync(join(tmpdir(), 'routeros-mcp-conformance-'));
  const server = await startHttpServer({ ROUTEROS_MCP_AUTH: 'none', ROUTEROS_MCP_DATA_DIR: join(workDir, 'data') });
  // The suite talks to the server through a proxy that maps its fixtures onto our tools, prompts and resources where
  // one answers the same question (fixture-map.ts): those checks judge the server instead of being excused.
  const proxy = await startFixtureProxy(server.url);
  const revisions: RevisionReport[] = [];
  try {
    for (const revision of options.revisions ?? REVISIONS) {
      const started = Date.now();
      const baseline = join(workDir, `baseline-${revision}.yaml`);
      writeFileSync(baseline, toSuiteBaseline(expected[revision]));
      const outputDir = join(workDir, `results-${revision}`);
      log(`running the ${revision} server scenarios against ${server.url} (fixtures mapped by ${proxy.url})`);
      const { code, output } = await runSuite(toolchain.node, [toolchain.cli, 'server', '--url', proxy.url, '--requirements', revision, '--expected-failures', baseline, '-o', outputDir]);
      const required = requiredServerScenarios((await runSuite(toolchain.node, [toolchain.cli, 'list', '--server', '--requirements', revision])).output);
      const verdict = judge(readChecks(outputDir), required, expected[revision].map((e) => e.check));
      revisions.push({ revision, suiteExitCode: code, output, seconds: (Date.now() - started) / 1000, ...verdict });
    }
  } finally {
    await proxy.close();
    await server.stop();
  }
  const ok = revisions.every((r) => r.suiteExitCode === 0 && r.unexpected.length === 0 && r.stale.length === 0 && r.missing.length === 0 && r.requiredScenarios > 0);
  if (ok) rmSync(workDir, { recursive: true, force: true });
  return { ok, suiteVersion: SUITE_VERSION, revisions, workDir };
}

function runSuite(node: string, args: string[]): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    // NO_COLOR: plain summary lines to parse; the suite's exit code carries the verdict.
    execFile(node, args, { env: { PATH: process.env['PATH'] ?? '', NO_COLOR: '1' }, maxBuffer: 64 * 1024 * 1024, timeout: 900_000 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
      resolve({ code, output: `${stdout}${stderr}` });
    });
  });
}

/** One line per revision, then what went wrong. */
export function formatReport(report: ConformanceReport): string {
  const lines = [`MCP conformance suite ${report.suiteVersion} against routeros-mcp-http`];
  for (const r of report.revisions) {
    lines.push(
      `${r.revision}: ${r.requiredScenarios} required scenarios, ${r.passedScenarios} pass, ${r.expectedFailingScenarios} fail only on listed fixture checks; ` +
        `checks ${r.passedChecks} passed, ${r.failedChecks} failed (${r.failedChecks - r.unexpected.length} expected); suite exit ${r.suiteExitCode}; ${r.seconds.toFixed(1)} s`,
    );
    for (const key of r.unexpected) lines.push(`  UNEXPECTED FAILURE ${key}`);
    for (const key of r.stale) lines.push(`  NOW PASSES (remove from expected-failures.yaml) ${key}`);
    for (const scenario of r.missing) lines.push(`  NOT RUN ${scenario}`);
    if (r.suiteExitCode !== 0 || r.unexpected.length || r.stale.length || r.missing.length) lines.push(r.output.split('\n').slice(-60).join('\n'));
  }
  lines.push(report.ok ? 'conformance: OK' : `conformance: FAILED (per-check results kept in ${report.workDir})`);
  return lines.join('\n');
}
