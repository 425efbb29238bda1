import { Client } from '@modelcontextprotocol/client';
import { InMemoryTransport } from '@modelcontextprotocol/server';
import { createMcpServer } from '../create-mcp-server';
import { estimateTokens } from '../support/token-budget';
import { PLAN_TOPICS } from '@routeros-mcp/domain-plans';
import { ToolCatalog } from './catalog';

/** tools/list as a client receives it, measured the way the bench does (the whole `{tools}` answer). */
async function listedTokens(catalog: ToolCatalog): Promise<{ tokens: number; names: string[]; tools: Record<string, unknown>[] }> {
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
    return { tokens: estimateTokens({ tools }), names: tools.map((t) => t.name), tools };
  } finally {
    await client.close();
    await server.close();
    service.close();
  }
}

/** The server instructions of a catalog, as `server/discover` or `initialize` gives them. */
function instructionsOf(catalog: ToolCatalog): string {
  const service = createMcpServer({ version: '0.0.0', environment: 'lab', tools: { catalog, services: {} as never, options: { principal: () => ({ id: 'spec' }) as never, toolErrors: 'jsonrpc' } } });
  try {
    return (service.factory({ era: 'legacy' }) as unknown as { _instructions?: string })._instructions ?? '';
  } finally {
    service.close();
  }
}

describe('the catalogue and its tools/list budget', () => {
  const everything = new ToolCatalog({ toolsets: ['all'] });

  it('read-only mode hides the advanced and professional tiers: every write tool, the change history and the plans', async () => {
    const all = everything;
    const readOnly = new ToolCatalog({ readOnly: true });
    const writes = all.tools.filter((t) => !t.readOnly);
    expect(writes.length).toBeGreaterThanOrEqual(13);
    expect(writes.every((t) => t.tier === 'advanced' || t.tier === 'professional')).toBe(true);
    expect(all.tools.filter((t) => t.readOnly && t.tier === 'advanced').map((t) => t.name)).toEqual(['change_list', 'change_get']);
    expect(readOnly.tools.every((t) => t.readOnly && t.tier === 'fundamental')).toBe(true);
    expect(readOnly.tools.length).toBe(all.tools.filter((t) => t.tier === 'fundamental').length);
    for (const tool of writes) expect(readOnly.find(tool.name)).toBeUndefined();
    // Read-only wins over a setting that names write tiers.
    expect(new ToolCatalog({ readOnly: true, toolsets: ['all'] }).tools.map((t) => t.name)).toEqual(readOnly.tools.map((t) => t.name));
    expect((await listedTokens(readOnly)).names).not.toContain('firewall_add_filter_rule');
  });

  it('every single-device write tool takes device_id (change_revert a change_id) and dry_run, and says what it does in under 100 characters', () => {
    for (const tool of everything.tools.filter((t) => !t.readOnly && t.tier === 'advanced')) {
      expect(Object.keys(tool.input.shape)).toEqual(expect.arrayContaining([tool.name === 'change_revert' ? 'change_id' : 'device_id', 'dry_run']));
      expect(tool.description.length).toBeLessThan(100);
    }
  });

  it('selects tool sets by tier and topic: defaults per deployment, tiers, topics, default widened, all', () => {
    const names = (toolsets?: string[], readOnly = false) => new ToolCatalog({ toolsets, readOnly }).tools.map((t) => t.name);
    const writeDefault = new ToolCatalog();
    expect(writeDefault.exposure).toMatchObject({ tiers: ['fundamental', 'advanced'], hiddenTiers: ['professional'] });
    expect(writeDefault.exposure.hiddenTopics).toEqual(expect.arrayContaining(['bridge', 'wireless', 'logs', 'diagnostics', 'config', 'audit', 'dhcp']));
    expect(writeDefault.exposure.hiddenTopics).not.toContain('plan');
    expect(names()).toEqual(expect.arrayContaining(['device_list', 'dns_set_servers', 'change_revert', 'firewall_add_filter_rule']));
    expect(names()).not.toContain('plan_dns_ntp');
    // Only tiers: those tiers (and the reads) on every topic.
    expect(names(['professional'])).toEqual(expect.arrayContaining(['plan_dns_ntp', 'plan_apply', 'bridge_list', 'device_list']));
    expect(names(['professional'])).not.toContain('dns_set_servers');
    // Only topics: the deployment's tiers on those topics; a topic of one tier brings it (plan: professional).
    expect(names(['dns', 'plan'])).toEqual(expect.arrayContaining(['dns_get_status', 'dns_set_servers', 'plan_dns_ntp', 'plan_status']));
    expect(names(['dns', 'plan'])).not.toContain('device_list');
    expect(names(['default', 'professional', 'bridge'])).toEqual(expect.arrayContaining([...names(), 'plan_address_list_sync', 'bridge_list_vlans']));
    expect(names(['all'])).toHaveLength(everything.tools.length);
    expect(names(['fundamental', 'advanced', 'professional'])).toHaveLength(everything.tools.length);
  });

  it('one plan creation tool per plan topic of the registry, all of the professional tier with the shared plan arguments', () => {
    const creators = everything.tools.filter((t) => t.topic === 'plan' && !['plan_get', 'plan_list', 'plan_status', 'plan_cancel', 'plan_apply', 'plan_rollback'].includes(t.name));
    expect(creators.map((t) => t.name)).toEqual(Object.keys(PLAN_TOPICS).map((topic) => `plan_${topic}`));
    for (const tool of everything.tools.filter((t) => t.topic === 'plan')) expect(tool.tier).toBe('professional');
    for (const tool of creators) expect(Object.keys(tool.input.shape)).toEqual(expect.arrayContaining(['devices', 'exclude', 'rollout', 'ttl_hours']));
    expect(everything.find('plan_approve')).toBeUndefined();
  });

  // A standing decision, not restated: issue 22 gave every argument a short description (clients drop the server
  // instructions that explained the shared ones), which took the lists to 6,862 / 7,161 / 14,183; they came back
  // within budget by listing no output schemas and no words a name already says. Issue 24 made room for menu_change
  // (~450 tokens) by leaving the deep-dive reads menu_print covers out of the write-enabled default (measured before:
  // read-only 5,112, write-enabled 5,990, everything 11,721; after: 5,112, 5,481, 11,682; with menu_change: 5,112,
  // 5,790, 11,991). Issue 25's MCP Apps views put `_meta.ui.resourceUri` on four tools (~16 tokens each) and made room
  // by shorter wording of shared plan and write arguments and of the plan tools (after: 5,144, 5,764, 11,969).
  it('fits the budgets: the default lists at most 6,000 tokens on a read-only and on a write-enabled deployment, the whole catalogue at most 12,000', async () => {
    const readDefault = await listedTokens(new ToolCatalog({ readOnly: true }));
    const writeDefault = await listedTokens(new ToolCatalog());
    const all = await listedTokens(everything);
    const advanced = everything.tools.filter((t) => t.tier === 'advanced').length;
    const perWrite = (await listedTokens(new ToolCatalog({ toolsets: ['fundamental', 'advanced'] }))).tokens - readDefault.tokens;
    console.log(`tools/list: read-only default ${readDefault.tokens} tokens (${readDefault.names.length} tools); write-enabled default ${writeDefault.tokens} (${writeDefault.names.length}); everything ${all.tokens} (${all.names.length}); ${Math.round(perWrite / advanced)} per advanced tool`);
    expect(readDefault.tokens).toBeLessThanOrEqual(6_000);
    expect(writeDefault.tokens).toBeLessThanOrEqual(6_000);
    expect(writeDefault.names).toContain('menu_change');
    expect(all.tokens).toBeLessThanOrEqual(12_000);
    // Write tools stay terse: the shared device_id and dry_run in a few words each. menu_change, which reaches every
    // menu with one list of operations, is measured on its own (listed with and without the write tier).
    const menuChange = (await listedTokens(new ToolCatalog({ toolsets: ['menu'] }))).tokens - (await listedTokens(new ToolCatalog({ toolsets: ['menu'], readOnly: true }))).tokens;
    console.log(`menu_change: ${menuChange} tokens`);
    expect(menuChange).toBeLessThanOrEqual(350);
    expect((perWrite - menuChange) / (advanced - 1)).toBeLessThanOrEqual(160);
  });

  it('the MCP Apps views add only `_meta.ui.resourceUri`, on their four tools; the default lists gain nothing else', async () => {
    const viewed = { plan_get: 'ui://routeros-mcp/plan', plan_status: 'ui://routeros-mcp/rollout', fleet_get_health_summary: 'ui://routeros-mcp/fleet-health', config_diff: 'ui://routeros-mcp/config-diff' } as Record<string, string>;
    for (const catalog of [new ToolCatalog({ readOnly: true }), new ToolCatalog(), everything]) {
      const { tools, tokens } = await listedTokens(catalog);
      for (const tool of tools) {
        const uri = viewed[tool['name'] as string];
        expect(Object.keys(tool).sort()).toEqual(['annotations', 'description', 'inputSchema', 'name', ...(uri ? ['_meta'] : [])].sort());
        if (uri) expect(tool['_meta']).toEqual({ ui: { resourceUri: uri } });
      }
      const withoutMeta = estimateTokens({ tools: tools.map(({ _meta: _, ...rest }) => rest) });
      console.log(`views' _meta: ${tokens - withoutMeta} of ${tokens} tokens (${tools.length} tools)`);
      expect(tokens - withoutMeta).toBeLessThanOrEqual(16 * tools.filter((t) => viewed[t['name'] as string]).length);
    }
    expect(Object.keys(viewed).every((name) => everything.find(name))).toBe(true);
  });

  it('the write-enabled default leaves out the deep-dive reads menu_print covers; naming their topic, read-only and all list them', async () => {
    const deepDives = everything.tools.filter((t) => t.deepDiveMenu).map((t) => t.name);
    expect(deepDives).toEqual(['system_get_health', 'ip_get_arp_table', 'dns_get_cache']);
    const names = (options: ConstructorParameters<typeof ToolCatalog>[0]) => new ToolCatalog(options).tools.map((t) => t.name);
    const writeDefault = await listedTokens(new ToolCatalog());
    expect(writeDefault.names).toContain('menu_print');
    for (const name of deepDives) expect(writeDefault.names).not.toContain(name);
    expect(new ToolCatalog().exposure.hiddenTools).toEqual(deepDives);
    expect(names({ toolsets: ['default'] })).toEqual(writeDefault.names);
    expect(names({ toolsets: ['default', 'dns'] })).toEqual(expect.arrayContaining([...writeDefault.names, 'dns_get_cache']));
    expect(names({ toolsets: ['default', 'dns'] })).not.toContain('ip_get_arp_table');
    expect(names({ toolsets: ['ip'] })).toContain('ip_get_arp_table');
    expect(names({ readOnly: true })).toEqual(expect.arrayContaining(deepDives));
    expect(new ToolCatalog({ readOnly: true }).exposure.hiddenTools).toEqual([]);
    expect(names({ toolsets: ['all'] })).toEqual(expect.arrayContaining(deepDives));
    expect(instructionsOf(new ToolCatalog())).toMatch(/deep-dive reads system_get_health, ip_get_arp_table, dns_get_cache \(menu_print reads their menus; naming their topic lists them\)/);
    expect(instructionsOf(new ToolCatalog({ toolsets: ['default', 'dns', 'ip', 'system'] }))).not.toMatch(/deep-dive/);
  });

  it('the instructions name the tool sets that are off and how to turn them on, and nothing when all are on', () => {
    const text = instructionsOf(new ToolCatalog());
    expect(text).toMatch(/switched off here \(ROUTEROS_MCP_TOOLSETS\): tiers professional \(multi-device plans\); topics [a-z, ]*bridge/);
    expect(text).toMatch(/ROUTEROS_MCP_TOOLSETS \(e\.g\. default,professional,bridge, or all\)/);
    expect(text).not.toMatch(/plan_apply/);
    const all = instructionsOf(everything);
    expect(all).not.toMatch(/switched off/);
    expect(all).toMatch(/routeros-mcp-admin plan show\/approve/);
    expect(instructionsOf(new ToolCatalog({ readOnly: true }))).toMatch(/tiers advanced \(single-device writes\), professional \(multi-device plans\); writes stay off while ROUTEROS_MCP_READ_ONLY=true/);
  });

  it('the instructions say when to reach for the menu tools, only where they are listed', () => {
    expect(instructionsOf(new ToolCatalog())).toMatch(/Prefer a specific tool where one exists; for any other RouterOS menu .* menu_describe .* menu_print/);
    expect(instructionsOf(new ToolCatalog({ toolsets: ['dns'] }))).not.toMatch(/menu_describe/);
    // The write and plan tools are named only where they are listed.
    expect(instructionsOf(new ToolCatalog())).toMatch(/menu_change writes it .* change_revert undoes it\)\.$/);
    expect(instructionsOf(new ToolCatalog({ readOnly: true }))).not.toMatch(/menu_change/);
    expect(instructionsOf(everything)).toMatch(/plan_menu_changes makes the same operations a plan for many devices/);
    expect(instructionsOf(new ToolCatalog())).not.toMatch(/plan_menu_changes/);
  });
});
