import { freePort, recipeSteps, tempDir } from '@routeros-mcp/testing';
import { ChildProcess, spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';

// docs/oauth.md run as written: the test issuer, the settings and the server, a token by curl, a call by curl. Free
// ports go in ISSUER_PORT and MCP_PORT, as the page's first lines set them.
const ROOT = join(__dirname, '..', '..', '..');
const steps = recipeSteps(join(ROOT, 'docs', 'oauth.md'));
const dir = tempDir('docs-oauth-');
const running: ChildProcess[] = [];
let env: Record<string, string>;

/** A step that keeps running (the issuer, the server), in its own process group; resolves once `ready` shows on its output. */
function background(script: string, ready: RegExp): Promise<void> {
  const child = spawn('bash', ['-euo', 'pipefail', '-c', script], { cwd: ROOT, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  running.push(child);
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${ready} within 90 s:\n${output}`)), 90_000);
    const seen = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (!ready.test(output)) return;
      clearTimeout(timer);
      resolve();
    };
    child.stdout!.on('data', seen);
    child.stderr!.on('data', seen);
    child.once('exit', (code) => (clearTimeout(timer), reject(new Error(`exited ${code} before ${ready}:\n${output}`))));
  });
}

beforeAll(async () => {
  env = { PATH: process.env['PATH']!, HOME: dir.path, ROUTEROS_MCP_DATA_DIR: join(dir.path, 'data'), ISSUER_PORT: String(await freePort()), MCP_PORT: String(await freePort()) };
  await background(steps.get('issuer')!, /OIDC_PROVIDER_READY http:\/\/127\.0\.0\.1:\d+/);
  await background(steps.get('server')!, /routeros-mcp-http listening/);
}, 180_000);
afterAll(async () => {
  for (const child of running) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    process.kill(-child.pid!, 'SIGTERM');
    await exited;
  }
  dir.remove();
}, 60_000);

it('a token from the test issuer, then a call with it, as docs/oauth.md writes them', () => {
  expect([...steps.keys()]).toEqual(['issuer', 'server', 'token', 'call']);
  const ran = spawnSync('bash', ['-euo', 'pipefail', '-c', `${steps.get('token')!}\n${steps.get('call')!}`], { cwd: ROOT, env, encoding: 'utf8', timeout: 60_000, stdio: ['ignore', 'pipe', 'pipe'] });
  expect({ status: ran.status, stderr: ran.stderr }).toEqual({ status: 0, stderr: '' });
  // JSON, or one SSE event carrying it.
  const body = JSON.parse(ran.stdout.startsWith('{') ? ran.stdout : /^data: (.*)$/m.exec(ran.stdout)![1]);
  expect(body).toMatchObject({ jsonrpc: '2.0', id: 1, result: { structuredContent: expect.any(Object) } });
  expect(body.result.isError).toBeFalsy();
});

it('the same call without the token is refused (401) with the metadata that names the issuer', async () => {
  const ran = spawnSync('bash', ['-euo', 'pipefail', '-c', steps.get('call')!.replace(/-H "authorization: Bearer \$TOKEN" \\\n\s*/, '').replace('curl -s ', 'curl -s -i ')], { cwd: ROOT, env: { ...env, TOKEN: '' }, encoding: 'utf8', timeout: 60_000, stdio: ['ignore', 'pipe', 'pipe'] });
  expect(ran.stdout).toMatch(/^HTTP\/1\.1 401/);
  const metadataUrl = /resource_metadata="([^"]+)"/.exec(ran.stdout)![1];
  const metadata = (await (await fetch(metadataUrl)).json()) as { authorization_servers: string[] };
  expect(metadata.authorization_servers).toEqual([`http://127.0.0.1:${env['ISSUER_PORT']}`]);
});
