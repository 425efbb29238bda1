import { EXTENSION_ID } from '@modelcontextprotocol/ext-apps/server';
import { Client } from '@modelcontextprotocol/client';
import { InMemoryTransport } from '@modelcontextprotocol/server';
import { serverShapeOf, serverShell } from '../../startup';
import { createMcpServer } from '../create-mcp-server';
import { APPS_EXTENSION } from '../views/view-list';
import { ALL_TOOLS, ToolCatalog } from './catalog';
import { TOOL_FACTS } from './tool-facts';
import { toolsetNames } from './toolsets';

const factsOf = (tools: typeof ALL_TOOLS) => tools.map((t) => ({ name: t.name, topic: t.topic, tier: t.tier, readOnly: t.readOnly, ...(t.deepDiveMenu ? { deepDiveMenu: t.deepDiveMenu } : {}) }));

/** What a client learns from `initialize` of a server. */
async function opening(server: ReturnType<typeof serverShell>) {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'spec', version: '0' });
  await client.connect(clientSide);
  try {
    return { capabilities: client.getServerCapabilities(), instructions: client.getInstructions(), info: client.getServerVersion() };
  } finally {
    await client.close();
    await server.close();
  }
}

describe('TOOL_FACTS', () => {
  it('are the facts of ALL_TOOLS, in order (regenerate it when a tool is added, renamed or moved)', () => {
    expect(TOOL_FACTS).toEqual(factsOf(ALL_TOOLS));
    expect(toolsetNames(TOOL_FACTS)).toEqual(toolsetNames(ALL_TOOLS));
  });

  it('name the MCP Apps extension as the ext-apps package does', () => {
    expect(APPS_EXTENSION).toBe(EXTENSION_ID);
  });

  // The stdio server answers the opening request from this shape before it loads the tools: it must say the same.
  it.each([[{}], [{ readOnly: true }], [{ toolsets: ['all'] }], [{ toolsets: ['dns'] }], [{ toolsets: ['default', 'professional'] }], [{ toolsets: ['fundamental'] }]])(
    'give the same opening answer as the loaded catalog for %j',
    async (options) => {
      const service = createMcpServer({ version: '1.2.3', environment: 'staging', tools: { catalog: new ToolCatalog(options), services: {} as never, options: { principal: () => ({ id: 'spec' }) as never, toolErrors: 'result' } } });
      const loaded = await opening(service.factory({ era: 'legacy' }));
      service.close();
      const early = await opening(serverShell(serverShapeOf({ version: '1.2.3', environment: 'staging', ...options })));
      expect(early).toEqual(loaded);
    },
  );
});
