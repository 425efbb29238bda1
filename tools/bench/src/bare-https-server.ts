import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';

// Baseline: the cheapest possible HTTPS answer of the same size as the simulator's, same TLS key type.
const { cert, key, body } = JSON.parse(process.env['BARE_SERVER'] ?? '{}') as { cert: string; key: string; body: string };
const server = createServer({ cert, key, keepAliveTimeout: 30_000 }, (_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(body);
});
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(JSON.stringify({ ready: true, url: `https://127.0.0.1:${(server.address() as AddressInfo).port}/rest/system/resource` }) + '\n');
});
process.once('SIGTERM', () => server.close(() => process.exit(0)));
