import { SERVER_FLAG_OPTIONS, serverFlagsOf, type ServerFlags } from '@routeros-mcp/composition/startup';
import { parseArgs } from 'node:util';

export type StdioFlags = ServerFlags;

export const USAGE = `Usage: routeros-mcp [options]

Runs the RouterOS MCP server on stdin/stdout for one MCP client. Logs go to stderr.

Options:
  --config <file>          YAML or JSON config file (also ROUTEROS_MCP_CONFIG)
  --data-dir <dir>         data directory (default ~/.routeros-mcp; ROUTEROS_MCP_DATA_DIR)
  --database-url <url>     postgres:// URL instead of the embedded SQLite (ROUTEROS_MCP_DATABASE_URL)
  --environment <env>      lab | staging | prod (ROUTEROS_MCP_ENVIRONMENT)
  --log-level <level>      error | warn | info | debug (ROUTEROS_MCP_LOG_LEVEL)
  --log-file <file>        also append JSON log lines here (ROUTEROS_MCP_LOG_FILE)
  -h, --help               show this help
  -v, --version            show the version
`;

/** Parses the command line strictly: an unknown flag is an error, not something silently ignored. */
export function parseStdioFlags(argv: string[]): StdioFlags {
  const { values } = parseArgs({ args: argv, strict: true, allowPositionals: false, options: { ...SERVER_FLAG_OPTIONS, 'log-file': { type: 'string' } } });
  return serverFlagsOf(values, { logFile: values['log-file'] });
}
