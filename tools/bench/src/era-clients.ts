import { Client as ModernClient } from '@modelcontextprotocol/client';
import { StdioClientTransport as ModernStdio } from '@modelcontextprotocol/client/stdio';
import { Client as LegacyClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport as LegacyStdio } from '@modelcontextprotocol/sdk/client/stdio.js';

export type Era = 'legacy' | 'modern';

/** The two revisions every MCP benchmark measures, and the client that speaks each. */
export const ERAS: { era: Era; protocol: string; client: string }[] = [
  { era: 'legacy', protocol: '2025-11-25', client: 'SDK v1 1.32.2' },
  { era: 'modern', protocol: '2026-07-28', client: 'SDK v2 2.4.0, pinned' },
];

/** What the benchmarks ask of a client, whichever SDK it is. */
export interface BenchClient {
  callTool(name: string, args?: Record<string, unknown>): Promise<unknown>;
  listTools(): Promise<{ tools: unknown[] }>;
  close(): Promise<void>;
}

export interface StdioCommand {
  command: string;
  args: string[];
  env: Record<string, string>;
}

/** Connects the era's client to a stdio server (the pinned v2 client probes in a throwaway process first). */
export async function connectEra(era: Era, server: StdioCommand): Promise<BenchClient> {
  if (era === 'modern') {
    const client = new ModernClient({ name: 'bench', version: '1' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
    await client.connect(new ModernStdio({ ...server, stderr: 'ignore' }));
    return { callTool: (name, args = {}) => client.callTool({ name, arguments: args }), listTools: () => client.listTools(), close: () => client.close() };
  }
  const client = new LegacyClient({ name: 'bench', version: '1' });
  await client.connect(new LegacyStdio({ ...server, stderr: 'ignore' }));
  return { callTool: (name, args = {}) => client.callTool({ name, arguments: args }), listTools: () => client.listTools(), close: () => client.close() };
}

/** The first line a client of the era sends: `initialize`, or `server/discover` with the request envelope. */
export function openingLine(era: Era): string {
  const message =
    era === 'legacy'
      ? { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'b', version: '1' } } }
      : {
          jsonrpc: '2.0',
          id: 1,
          method: 'server/discover',
          params: { _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientInfo': { name: 'b', version: '1' }, 'io.modelcontextprotocol/clientCapabilities': {} } },
        };
  return `${JSON.stringify(message)}\n`;
}
