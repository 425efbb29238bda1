// Container HEALTHCHECK: GET /healthz on the server's own port (HTTPS when it serves TLS itself). No curl in the slim image.
const tls = Boolean(process.env.ROUTEROS_MCP_HTTP_TLS_CERT);
const port = process.env.ROUTEROS_MCP_HTTP_PORT || '8080';
const client = require(tls ? 'node:https' : 'node:http');
const req = client.get({ host: '127.0.0.1', port, path: '/healthz', timeout: 4000, rejectUnauthorized: false }, (res) => {
  res.resume();
  process.exit(res.statusCode === 200 ? 0 : 1);
});
req.on('timeout', () => req.destroy(new Error('timeout')));
req.on('error', () => process.exit(1));
