import type { Server } from '@modelcontextprotocol/server';
import { ValidationError } from '@routeros-mcp/domain-kernel';
import { protocolError } from '../errors/map-domain-error';
import { PromptDefinition, renderPrompt } from '../prompts/prompt-catalog';
import { refuseCursor } from './refuse-cursor';
import { RpcError } from '../errors/rpc-error';

/** prompts/list and prompts/get; bad names and arguments are -32602 as MCP specifies for prompts. */
export function registerPrompts(server: Server, promptsOf: () => PromptDefinition[]): void {
  server.setRequestHandler('prompts/list', async (request) => {
    refuseCursor(request.params?.cursor);
    const prompts = promptsOf();
    return { prompts: prompts.map((p) => ({ name: p.name, title: p.title, description: p.description, arguments: p.arguments.map((a) => ({ name: a.name, description: a.description, required: a.required })) })) };
  });

  server.setRequestHandler('prompts/get', async (request) => {
    const prompts = promptsOf();
    const prompt = prompts.find((p) => p.name === request.params.name);
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
