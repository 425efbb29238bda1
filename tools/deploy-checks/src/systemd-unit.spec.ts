import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseUnit, readRecipe } from './recipe-files';

const UNIT = 'systemd/routeros-mcp-http.service';

const hasSystemdAnalyze = () => spawnSync('systemd-analyze', ['--version']).status === 0;

describe('deploy/systemd/routeros-mcp-http.service', () => {
  const text = readRecipe(UNIT);
  const unit = parseUnit(text);
  const one = (key: string) => {
    const values = unit.get(key);
    expect({ key, values }).toEqual({ key, values: [expect.any(String)] });
    return values![0];
  };

  it('runs as a dedicated non-root user without a way to gain privileges', () => {
    expect(one('Service.User')).toBe('routeros-mcp');
    expect(one('Service.NoNewPrivileges')).toBe('true');
    expect(one('Service.CapabilityBoundingSet')).toBe('');
  });

  it('sees the file system read-only except its data directory, which is also ROUTEROS_MCP_DATA_DIR', () => {
    expect(one('Service.ProtectSystem')).toBe('strict');
    expect(one('Service.ReadWritePaths')).toBe('/var/lib/routeros-mcp');
    expect(unit.get('Service.Environment')).toContain('ROUTEROS_MCP_DATA_DIR=/var/lib/routeros-mcp');
    expect(one('Service.ProtectHome')).toBe('true');
    expect(one('Service.PrivateTmp')).toBe('true');
  });

  it('reads its settings from an EnvironmentFile, restarts on failure, drains on SIGTERM for longer than the longest drain', () => {
    expect(one('Service.EnvironmentFile')).toMatch(/^\/etc\/routeros-mcp\/.+\.env$/);
    expect(one('Service.Restart')).toBe('on-failure');
    expect(one('Service.KillSignal')).toBe('SIGTERM');
    // The http server's drain at its defaults: 30 s grace, 5 s for cancelled calls' audit, 5 s for open requests,
    // 15 + 5 s for snapshots after changes, 10 s trace export (apps/http-server run-http-server.ts, composition's close).
    expect(Number(one('Service.TimeoutStopSec'))).toBeGreaterThanOrEqual(30 + 5 + 5 + 15 + 5 + 10 + 15);
    expect(one('Service.ExecStart')).toMatch(/apps\/http-server\/bin\/routeros-mcp-http\.js$/);
  });

  it('runs node with one malloc arena and one V8 worker thread (the measured memory settings), flags this node takes', () => {
    expect(unit.get('Service.Environment')).toContain('MALLOC_ARENA_MAX=1');
    const [, ...words] = one('Service.ExecStart').split(' ');
    const flags = words.filter((w) => w.startsWith('--'));
    expect(flags).toEqual(['--v8-pool-size=1']);
    const result = spawnSync(process.execPath, [...flags, '-e', 'process.exit(0)'], { encoding: 'utf8' });
    expect({ status: result.status, stderr: result.stderr }).toEqual({ status: 0, stderr: '' });
  });

  it('leaves the JIT alone: MemoryDenyWriteExecute would stop V8', () => {
    expect(unit.has('Service.MemoryDenyWriteExecute')).toBe(false);
  });

  // systemd's own parser: unknown keys and bad values are reported on stderr (its exit code stays 0).
  (hasSystemdAnalyze() ? it : it.skip)('passes systemd-analyze verify with no complaint', () => {
    const dir = mkdtempSync(join(tmpdir(), 'unit-verify-'));
    try {
      // verify checks that ExecStart's program exists: point it at this machine's node.
      writeFileSync(join(dir, 'routeros-mcp-http.service'), text.replace('ExecStart=/usr/bin/node', `ExecStart=${process.execPath}`));
      const result = spawnSync('systemd-analyze', ['verify', join(dir, 'routeros-mcp-http.service')], { encoding: 'utf8' });
      expect({ status: result.status, stderr: result.stderr.trim() }).toEqual({ status: 0, stderr: '' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('has an example environment file naming only real configuration keys', () => {
    const example = readRecipe('systemd/routeros-mcp-http.env.example');
    const keys = [...example.matchAll(/^#?(ROUTEROS_MCP_[A-Z_]+)=/gm)].map((m) => m[1]);
    expect(keys.length).toBeGreaterThan(5);
    const schema = readFileSync(join(__dirname, '..', '..', '..', 'libs', 'config', 'src', 'lib', 'config.schema.ts'), 'utf8');
    const camel = (key: string) => key.replace(/^ROUTEROS_MCP_/, '').toLowerCase().replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
    for (const key of keys) expect({ key, inSchema: new RegExp(`\\b${camel(key)}:`).test(schema) }).toEqual({ key, inSchema: true });
  });
});
