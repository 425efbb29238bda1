import { Client } from '@modelcontextprotocol/client';
import { InMemoryTransport } from '@modelcontextprotocol/server';
import { createMcpServer } from '../create-mcp-server';
import { estimateTokens } from '../server/token-budget';
import { ToolCatalog } from './catalog';

/** tools/list as a client receives it, measured the way the bench does (the whole `{tools}` answer). */
async function listedTokens(catalog: ToolCatalog): Promise<{ tokens: number; names: string[] }> {
  const service = createMcpServer({
    version: '0.0.0',
    environment: 'lab',
    tools: { catalog, services: {} as never, options: { principal: () => ({ id: 'spec', kind: 'local' }) as never, toolErrors: 'jsonrpc' } },
  });
  const server = service.factory({ era: 'legacy' });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'spec', version: '0' });
  await client.connect(clientSide);
  try {
    const { tools } = await client.listTools();
    return { tokens: estimateTokens({ tools }), names: tools.map((t) => t.name) };
  } finally {
    await client.close();
    await server.close();
    service.close();
  }
}

describe('the catalogue and its tools/list budget', () => {
  it('read-only mode hides the advanced tier: every write tool, and the change history that goes with them', async () => {
    const all = new ToolCatalog();
    const readOnly = new ToolCatalog({ readOnly: true });
    const writes = all.tools.filter((t) => !t.readOnly);
    expect(writes.length).toBeGreaterThanOrEqual(13);
    expect(writes.every((t) => t.tier === 'advanced')).toBe(true);
    expect(all.tools.filter((t) => t.readOnly && t.tier !== 'fundamental').map((t) => t.name)).toEqual(['change_list', 'change_get']);
    expect(readOnly.tools.every((t) => t.readOnly && t.tier === 'fundamental')).toBe(true);
    expect(readOnly.tools.length).toBe(all.tools.length - writes.length - 2);
    for (const tool of writes) expect(readOnly.find(tool.name)).toBeUndefined();
    expect((await listedTokens(readOnly)).names).not.toContain('firewall_add_filter_rule');
  });

  it('every write tool takes device_id (change_revert a change_id) and dry_run, and says what it does in under 100 characters', () => {
    for (const tool of new ToolCatalog().tools.filter((t) => !t.readOnly)) {
      expect(Object.keys(tool.input.shape)).toEqual(expect.arrayContaining([tool.name === 'change_revert' ? 'change_id' : 'device_id', 'dry_run']));
      expect(tool.description.length).toBeLessThan(100);
      expect(tool.outputListed).toBe(false);
    }
  });

  it('fits the token budget: read tier, and the advanced tier per tool', async () => {
    const read = await listedTokens(new ToolCatalog({ readOnly: true }));
    const all = await listedTokens(new ToolCatalog());
    const writeCount = all.names.length - read.names.length;
    const perWrite = (all.tokens - read.tokens) / writeCount;
    console.log(`tools/list: read tier ${read.tokens} tokens (${read.names.length} tools); with ${writeCount} advanced tools ${all.tokens} (${Math.round(perWrite)} per advanced tool)`);
    // Issue 12: the read-only tier alone stays within 6,000.
    expect(read.tokens).toBeLessThanOrEqual(6_000);
    // Write tools list no outputSchema (one shared shape, given in the instructions) and stay terse.
    expect(perWrite).toBeLessThanOrEqual(160);
  });

  // Issue 12's goal for the whole catalogue, write tools included.
  it('fits the whole catalogue within 9,000 estimated tokens', async () => {
    expect((await listedTokens(new ToolCatalog())).tokens).toBeLessThanOrEqual(9_000);
  });
});
