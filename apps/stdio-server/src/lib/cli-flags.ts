import { parseArgs } from 'node:util';

export interface StdioFlags {
  configFile?: string;
  flags: Record<string, unknown>;
  help: boolean;
  version: boolean;
}

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
  const { values } = parseArgs({
    args: argv,
    strict: true,
    allowPositionals: false,
    options: {
      config: { type: 'string' },
      'data-dir': { type: 'string' },
      'database-url': { type: 'string' },
      environment: { type: 'string' },
      'log-level': { type: 'string' },
      'log-file': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
      version: { type: 'boolean', short: 'v' },
    },
  });
  return {
    configFile: values.config,
    help: values.help ?? false,
    version: values.version ?? false,
    flags: {
      dataDir: values['data-dir'],
      databaseUrl: values['database-url'],
      environment: values.environment,
      logLevel: values['log-level'],
      logFile: values['log-file'],
    },
  };
}
