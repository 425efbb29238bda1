import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { SERVER_MAIN } from './stdio-process';

/** An SDK client on a fresh built stdio server over `dataDir`, its log quiet; `env` adds the part's own settings. */
export async function connect(dataDir: string, env: Record<string, string> = {}): Promise<Client> {
  const client = new Client({ name: 'robustness', version: '1' });
  const all = { PATH: process.env['PATH'] ?? '', ROUTEROS_MCP_DATA_DIR: dataDir, ROUTEROS_MCP_LOG_LEVEL: 'error', ...env };
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [SERVER_MAIN], env: all, stderr: 'ignore' }));
  return client;
}
