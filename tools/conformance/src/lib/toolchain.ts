import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The suite's 0.2 line needs Node 22 (it imports fs.globSync); the workspace runs on Node 20. */
export const NODE22_VERSION = '22.23.3';
export const SUITE_PACKAGE = '@modelcontextprotocol/conformance';
export const SUITE_VERSION = '0.2.0-alpha.12';

export interface Toolchain {
  /** Node 22 binary from the npm registry (package node-<platform>-<arch>). */
  node: string;
  /** The suite's CLI entry, run with `node`. */
  cli: string;
}

export const REPO_ROOT = resolve(__dirname, '..', '..', '..', '..');

export function defaultCacheDir(): string {
  return process.env['ROUTEROS_MCP_CONFORMANCE_CACHE'] ?? join(REPO_ROOT, 'node_modules', '.cache', 'routeros-mcp-conformance');
}

const nodePackage = () => `node-${process.platform}-${process.arch}`;

function installedVersion(dir: string, name: string): string | undefined {
  const manifest = join(dir, 'node_modules', name, 'package.json');
  return existsSync(manifest) ? (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version : undefined;
}

/**
 * Installs Node 22 and the suite into the cache on first use (npm's own client, exact versions, no scripts),
 * then reuses them. A machine with nothing cached needs only npm and the registry.
 */
export async function ensureToolchain(cacheDir = defaultCacheDir(), log: (line: string) => void = () => undefined): Promise<Toolchain> {
  const dir = join(cacheDir, `node-${NODE22_VERSION}-conformance-${SUITE_VERSION}`);
  const toolchain: Toolchain = {
    node: join(dir, 'node_modules', nodePackage(), 'bin', 'node'),
    cli: join(dir, 'node_modules', SUITE_PACKAGE, 'dist', 'index.js'),
  };
  const ready = installedVersion(dir, nodePackage()) === NODE22_VERSION && installedVersion(dir, SUITE_PACKAGE) === SUITE_VERSION && existsSync(toolchain.node);
  if (!ready) {
    mkdirSync(dir, { recursive: true });
    log(`installing ${nodePackage()}@${NODE22_VERSION} and ${SUITE_PACKAGE}@${SUITE_VERSION} into ${dir}`);
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    await run(
      npm,
      ['install', '--no-save', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error', '--prefix', dir, `${nodePackage()}@${NODE22_VERSION}`, `${SUITE_PACKAGE}@${SUITE_VERSION}`],
      { cwd: dir, maxBuffer: 16 * 1024 * 1024, timeout: 600_000 },
    );
  }
  const { stdout } = await run(toolchain.node, ['--version']);
  if (stdout.trim() !== `v${NODE22_VERSION}`) throw new Error(`${toolchain.node} reports ${stdout.trim()}, expected v${NODE22_VERSION}`);
  return toolchain;
}
