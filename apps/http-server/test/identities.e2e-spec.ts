import { AdminServices, buildContainer, readServiceConfig } from '@routeros-mcp/composition';
import { freePort, OidcProvider, startOidcProvider, tempDir, useTestDatabases } from '@routeros-mcp/testing';
import { join } from 'node:path';
import { RunningHttpServer, startHttpServer } from './http-server.harness';
import { Deployment, deploymentOn } from './replica-fleet';

// An OAuth `sub` is unique within its issuer only. Two replicas on one PostgreSQL database, each trusting its own
// issuer, meet the same subject (`routeros-cc`, the test client) from both: two principals, each with its own rate
// limit and its own audit identity. Before issuers qualified subjects, the second issuer's caller spent the first's
// budget (and could stand for them in the four-eyes rule).
const dir = tempDir('http-identities-');
const databases = useTestDatabases();
let deployment: Deployment;
let issuers: OidcProvider[] = [];
let replicas: RunningHttpServer[] = [];

/** A raw tools/call of device_list (a fundamental tool) with this bearer token. */
const listDevices = (url: string, token: string) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer ${token}` },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'device_list', arguments: {} } }),
  });

beforeAll(async () => {
  deployment = deploymentOn(await databases.postgresUrl());
  issuers = await Promise.all([startOidcProvider(), startOidcProvider()]);
  replicas = await Promise.all(
    issuers.map(async (issuer, i) => {
      const port = await freePort();
      const env = {
        ...deployment.env,
        ROUTEROS_MCP_DATA_DIR: join(dir.path, `replica-${i}`),
        ROUTEROS_MCP_AUTH: 'oauth',
        ROUTEROS_MCP_OAUTH_ISSUER: issuer.issuer,
        ROUTEROS_MCP_HTTP_PUBLIC_URL: `http://127.0.0.1:${port}/mcp`,
        // Two fundamental calls a minute per principal, shared by every replica through the database.
        ROUTEROS_MCP_RATE_LIMIT_FUNDAMENTAL_PER_MINUTE: '2',
      };
      return startHttpServer(env, ['--port', String(port)]);
    }),
  );
}, 120_000);
afterAll(async () => {
  await Promise.all(replicas.map((r) => r.stop()));
  await Promise.all(issuers.map((i) => i.stop()));
  dir.remove();
});

it('the same sub from two issuers is two principals: one spending its rate limit leaves the other its own, and the audit names both', async () => {
  const [a, b] = replicas;
  const tokenA = await issuers[0].clientCredentialsToken(['routeros:read'], a.url);
  const tokenB = await issuers[1].clientCredentialsToken(['routeros:read'], b.url);
  const sub = (token: string) => (JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as { sub: string }).sub;
  expect(sub(tokenA)).toBe(sub(tokenB));

  for (let i = 0; i < 2; i++) expect((await listDevices(a.url, tokenA)).headers.get('retry-after')).toBeNull();
  const spent = await listDevices(a.url, tokenA);
  expect(spent.headers.get('retry-after')).not.toBeNull();
  expect(await spent.text()).toContain('RATE_LIMITED');

  const other = await listDevices(b.url, tokenB);
  expect(other.status).toBe(200);
  expect(other.headers.get('retry-after')).toBeNull();
  expect(await other.text()).not.toContain('RATE_LIMITED');

  const container = await buildContainer(readServiceConfig({ env: { ...deployment.env, ROUTEROS_MCP_DATA_DIR: join(dir.path, 'reader'), ROUTEROS_MCP_LOG_LEVEL: 'error' } }));
  const admin = container.get(AdminServices);
  try {
    const principals = new Set((await admin.audit.recent({ action: 'tool.device_list', limit: 50 })).map((e) => e.principal.id));
    expect([...principals].sort()).toEqual([`oidc:${issuers[0].issuer}#${sub(tokenA)}`, `oidc:${issuers[1].issuer}#${sub(tokenB)}`].sort());
  } finally {
    await admin.close();
  }
}, 120_000);
