import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { join } from 'node:path';
import { call } from './rest-client';

const MAIN = join(__dirname, '..', 'dist', 'main.js');

describe('routeros-sim command line', () => {
  it('prints one JSON line per device, then ready, serves them, and stops on SIGTERM', async () => {
    const child = spawn(process.execPath, [MAIN, '--devices', '3', '--base-port', '0', '--ssh-base-port', '0', '--control-port', '0', '--profile', 'mixed', '--version', '7.15.3', '--users', 'admin:s3cret,ro:ro:read', '--packages', 'container'], { stdio: ['ignore', 'pipe', 'pipe'] });
    const lines: Record<string, unknown>[] = [];
    for await (const line of createInterface({ input: child.stdout })) {
      lines.push(JSON.parse(line));
      if (lines.at(-1)!['ready']) break;
    }
    try {
      expect(lines).toHaveLength(4);
      expect(lines.slice(0, 3).map((l) => [l['index'], l['profile'], l['version']])).toEqual([[0, 'home', '7.15.3'], [1, 'edge', '7.15.3'], [2, 'chr', '7.15.3']]);
      expect(lines[3]).toMatchObject({ ready: true, control_url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/) });
      const first = lines[0] as { rest_url: string; tls_fingerprint_sha256: string };
      const reply = await call(first.rest_url, 'GET', '/system/identity', { auth: 'admin:s3cret' });
      expect(reply).toMatchObject({ status: 200, body: { name: 'sim-home-001' }, certificate: first.tls_fingerprint_sha256 });
      expect((await call(first.rest_url, 'POST', '/system/identity/set', { auth: 'ro:ro', body: { name: 'x' } })).status).toBe(400);
      // --packages container: every device serves the container package's menus.
      expect((await call(first.rest_url, 'GET', '/container', { auth: 'admin:s3cret' })).body).toEqual([]);
    } finally {
      const exited = new Promise((resolve) => child.on('exit', resolve));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    }
  });

  it.each([
    [['--devices', '0'], '--devices: expected a whole number from 1 to 5000'],
    [['--devices', '2', '--version', '6.49'], 'unsupported RouterOS version 6.49'],
    [['--devices', '2', '--profile', 'datacenter'], '--profile: expected one of home, edge, chr, legacy-ap, mixed'],
    [['--devices', '1', '--users', 'admin'], "--users: 'admin' is not name:password[:full|write|read]"],
    [[], '--devices is required'],
    [['--devices', '1', '--packages', 'container,docker'], "--packages: 'docker' is not one of container"],
  ])('refuses %j with a clear message and exit 1', async (args, message) => {
    const child = spawn(process.execPath, [MAIN, ...args, '--base-port', '0', '--ssh-base-port', '0', '--control-port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    const code = await new Promise((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(stderr).toContain(message);
  });
});
