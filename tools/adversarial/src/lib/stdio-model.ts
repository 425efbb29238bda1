/* eslint-disable @typescript-eslint/no-explicit-any -- tool results are read loosely, as a model reads them */
// eslint-disable-next-line @nx/enforce-module-boundaries -- the stdio app's own e2e client: the suite plays the model against the built server
import { connectStdio } from '../../../../apps/stdio-server/test/fleet-setup';

/** A tool call's outcome as a model sees it: the result, or the failure's taxonomy code. */
export interface ModelResult {
  isError: boolean;
  structuredContent: any;
  /** `mcp_error_code` of a failure (either revision's shape). */
  code?: string;
  /** A failure's message. */
  message?: string;
  text: string;
}

/** The model: an SDK client of the built stdio server (2026-07-28 by default), calling tools and reading resources. */
export interface StdioModel {
  call(name: string, args: Record<string, unknown>): Promise<ModelResult>;
  read(uri: string): Promise<string>;
  toolNames(): Promise<string[]>;
  close(): Promise<void>;
}

/** A refusal for a reason that is no judgement of the request (a limit, a crash): the attack proved nothing. */
export function assertJudged(result: ModelResult): void {
  if (result.isError && ['RATE_LIMITED', 'INTERNAL_ERROR', 'SERVER_SHUTTING_DOWN', 'STORE_UNAVAILABLE'].includes(result.code ?? '')) throw new Error(`refused for no judgement of it: ${result.code}: ${result.message}`);
}

export async function stdioModel(dataDir: string, env: Record<string, string> = {}, era: 'legacy' | 'modern' = 'modern'): Promise<StdioModel> {
  // The suite is one busy client: its polling must never meet the per-session limit (a refusal for the wrong reason).
  const client = await connectStdio(dataDir, { ROUTEROS_MCP_TOOLSETS: 'all', ROUTEROS_MCP_RATE_LIMIT_PER_MINUTE: '100000', ...env }, era);
  return {
    async call(name, args) {
      try {
        const result = await client.callTool(name, args);
        const error = result.isError ? result.structuredContent?.error : undefined;
        return { isError: !!result.isError, structuredContent: result.structuredContent, code: error?.mcp_error_code, message: error?.message, text: JSON.stringify(result) };
      } catch (e) {
        const error = e as { data?: { mcp_error_code?: string }; message: string };
        return { isError: true, structuredContent: undefined, code: error.data?.mcp_error_code ?? error.message, message: error.message, text: JSON.stringify({ message: error.message, data: error.data }) };
      }
    },
    async read(uri) {
      return JSON.stringify(await client.readResource(uri));
    },
    async toolNames() {
      return (await client.listTools()).tools.map((t: { name: string }) => t.name);
    },
    close: () => client.close(),
  };
}
