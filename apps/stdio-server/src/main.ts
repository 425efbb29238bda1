import { ConfigError, KeyFileError } from '@routeros-mcp/composition/startup';
import { runStdioServer } from './lib/run-stdio-server';

runStdioServer(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    // Start-up failures are reported on stderr only; stdout belongs to the protocol.
    const known = error instanceof ConfigError || error instanceof KeyFileError || (error as { code?: string }).code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION';
    process.stderr.write(`routeros-mcp: ${(error as Error).message}\n`);
    process.exit(known ? 1 : 2);
  },
);
