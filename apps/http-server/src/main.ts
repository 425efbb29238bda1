import { ConfigError, KeyFileError } from '@routeros-mcp/composition';
import { runHttpServer } from './lib/run-http-server';

runHttpServer(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    const known = error instanceof ConfigError || error instanceof KeyFileError || (error as { code?: string }).code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION';
    process.stderr.write(`routeros-mcp-http: ${(error as Error).message}\n`);
    process.exit(known ? 1 : 2);
  },
);
