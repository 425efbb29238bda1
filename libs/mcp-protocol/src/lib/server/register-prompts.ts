import type { Server } from '@modelcontextprotocol/server';
import { ValidationError } from '@routeros-mcp/domain-kernel';
import { protocolError } from '../errors/map-domain-error';
import { renderPrompt } from '../prompts/prompt-catalog';
import type { ServedPrompts } from '../prompts/prompt-exposure';
import type { ToolCatalog } from '../tools/catalog';
import { refuseCursor } from './refuse-cursor';
import { RpcError } from '../errors/rpc-error';

/**
 * prompts/list and prompts/get of the prompts this deployment's tools allow; bad names and arguments are -32602 as
 * MCP specifies for prompts, and a prompt withheld here says which tools it needs and what lists them.
 */
export function registerPrompts(server: Server, servedOf: () => ServedPrompts, catalog: ToolCatalog): void {
  server.setRequestHandler('prompts/list', async (request) => {
    refuseCursor(request.params?.cursor);
    const prompts = servedOf().listed;
    return { prompts: prompts.map((p) => ({ name: p.name, title: p.title, description: p.description, arguments: p.arguments.map((a) => ({ name: a.name, description: a.description, required: a.required })) })) };
  });

  server.setRequestHandler('prompts/get', async (request) => {
    const prompts = servedOf().listed;
    const prompt = prompts.find((p) => p.name === request.params.name);
    const withheld = prompt ? undefined : servedOf().withheld.find((w) => w.prompt.name === request.params.name);
    if (withheld) {
      const enable = Object.entries(catalog.switchedOff(withheld.missing[0]!)?.enableWith ?? {}).map(([key, value]) => `${key}=${value}`).join(' ');
      throw new RpcError(
        protocolError('INVALID_PARAMS', `prompt '${withheld.prompt.name}' needs ${withheld.missing.join(', ')}, which this server does not list${enable ? `; an operator enables them with ${enable}` : ''}`, { prompt: withheld.prompt.name, missing_tools: withheld.missing, available: prompts.map((p) => p.name) }, 'Use one of the prompts prompts/list names, or ask an operator to enable the tools it needs.'),
      );
    }
    if (!prompt) {
      throw new RpcError(protocolError('INVALID_PARAMS', `unknown prompt '${request.params.name}'; prompts/list names them`, { prompt: request.params.name, available: prompts.map((p) => p.name) }));
    }
    try {
      const text = renderPrompt(prompt, request.params.arguments ?? {});
      return { description: prompt.description, messages: [{ role: 'user' as const, content: { type: 'text' as const, text } }] };
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      throw new RpcError(protocolError('INVALID_PARAMS', `${prompt.name}: ${error.message}`, { prompt: prompt.name, errors: error.errors, field: error.errors[0]?.field }));
    }
  });
}
