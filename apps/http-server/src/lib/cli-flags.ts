import { SERVER_FLAG_OPTIONS, serverFlagsOf, type ServerFlags } from '@routeros-mcp/composition';
import { parseArgs } from 'node:util';

export const USAGE = `Usage: routeros-mcp-http [options]

Serves RouterOS MCP over Streamable HTTP at /mcp (MCP 2026-07-28 and 2025-11-25), with /healthz and /readyz;
Prometheus /metrics on a listener of its own when ROUTEROS_MCP_METRICS_PORT is set (loopback unless
ROUTEROS_MCP_METRICS_HOST and a scrape token ROUTEROS_MCP_METRICS_TOKEN say otherwise). Logs are JSON lines on stderr.

Options:
  --host <address>         listen address (default 127.0.0.1; ROUTEROS_MCP_HTTP_HOST)
  --port <port>            listen port (default 8080; 0 picks a free one; ROUTEROS_MCP_HTTP_PORT)
  --config <file>          YAML or JSON config file (also ROUTEROS_MCP_CONFIG)
  --data-dir <dir>         data directory (default ~/.routeros-mcp; ROUTEROS_MCP_DATA_DIR)
  --database-url <url>     postgres:// URL instead of the embedded SQLite (ROUTEROS_MCP_DATABASE_URL)
  --environment <env>      lab | staging | prod (ROUTEROS_MCP_ENVIRONMENT)
  --log-level <level>      error | warn | info | debug (ROUTEROS_MCP_LOG_LEVEL)
  -h, --help               show this help
  -v, --version            show the version

Authentication: ROUTEROS_MCP_AUTH=oauth|tokens|none (default tokens; none only on a loopback address).
Every setting: docs/http-deployment.md.
`;

/** Parses the command line strictly: an unknown flag is an error, not something silently ignored. */
export function parseHttpFlags(argv: string[]): ServerFlags {
  const { values } = parseArgs({ args: argv, strict: true, allowPositionals: false, options: { ...SERVER_FLAG_OPTIONS, host: { type: 'string' }, port: { type: 'string' } } });
  return serverFlagsOf(values, { httpHost: values.host, httpPort: values.port });
}
