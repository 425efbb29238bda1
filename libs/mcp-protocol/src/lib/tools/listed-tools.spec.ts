import { Client } from '@modelcontextprotocol/client';
import { InMemoryTransport } from '@modelcontextprotocol/server';
import { createMcpServer } from '../create-mcp-server';
import { ToolCatalog } from './catalog';

interface ListedTool {
  name: string;
  inputSchema: { properties?: Record<string, { description?: string; type?: unknown; properties?: Record<string, { description?: string }> }> };
  annotations?: { readOnlyHint?: boolean; destructiveHint?: boolean; idempotentHint?: boolean };
}

/** tools/list of the whole catalogue, as a client receives it. */
async function listAll(): Promise<ListedTool[]> {
  const service = createMcpServer({
    version: '0.0.0',
    environment: 'lab',
    tools: { catalog: new ToolCatalog({ toolsets: ['all'] }), services: {} as never, options: { principal: () => ({ id: 'spec', kind: 'local' }) as never, toolErrors: 'result' } },
  });
  const server = service.factory({ era: 'legacy' });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'spec', version: '0' });
  await client.connect(clientSide);
  try {
    return (await client.listTools()).tools as unknown as ListedTool[];
  } finally {
    await client.close();
    await server.close();
    service.close();
  }
}

/**
 * The writes that only add (MCP: destructiveHint false means "only additive updates"): a new rule, address, route,
 * lease or plan record; nothing existing is replaced, moved, disabled or removed.
 */
const ADDITIVE_WRITES = ['dhcp_add_static_lease', 'firewall_add_filter_rule', 'ip_add_address', 'routing_add_static_route'];

/**
 * Arguments whose name, type, bounds or enum say all a description would (each word is paid on every tool that lists
 * the argument, within the token budgets). device_id, where, fields, cursor, place_before and the like are not here:
 * their meaning is not in their name.
 */
const SELF_EVIDENT = new Set([
  'limit', 'offset', 'comment', 'interface', 'interfaces', 'name', 'servers', 'enabled', 'ntp_enabled', 'dns_servers', 'remove', 'status', 'count', 'dst-address',
  ...['canary_size', 'batch_size', 'pause_seconds', 'max_cpu_percent', 'max_memory_percent', 'halt_policy'].map((option) => `rollout.${option}`),
]);

describe('tools/list as a model reads it', () => {
  let tools: ListedTool[];
  beforeAll(async () => {
    tools = await listAll();
  });

  it('describes every argument a model fills, nested objects included (clients drop the server instructions)', () => {
    const undescribed: string[] = [];
    for (const tool of tools) {
      for (const [name, property] of Object.entries(tool.inputSchema.properties ?? {})) {
        if (!property.description?.trim() && !SELF_EVIDENT.has(name)) undescribed.push(`${tool.name}.${name}`);
        // An object of RouterOS properties by their RouterOS names (a filter rule) says so once: RouterOS documents each.
        if (/RouterOS names/.test(property.description ?? '')) continue;
        for (const [inner, nested] of Object.entries(property.properties ?? {})) if (!nested.description?.trim() && !SELF_EVIDENT.has(`${name}.${inner}`)) undescribed.push(`${tool.name}.${name}.${inner}`);
      }
    }
    expect(undescribed).toEqual([]);
  });

  it('lists no output schema: answers carry structuredContent and text, and the instructions give the shared shapes', () => {
    expect(tools.filter((t) => 'outputSchema' in t).map((t) => t.name)).toEqual([]);
  });

  it('marks a write non-destructive only when it is purely additive, every other write destructive (MCP\'s default, so left out)', () => {
    const writes = tools.filter((t) => !t.annotations?.readOnlyHint);
    expect(writes.length).toBeGreaterThan(20);
    const additive = tools.filter((t) => t.name.startsWith('plan_') && !['plan_apply', 'plan_cancel', 'plan_rollback', 'plan_get', 'plan_list', 'plan_status'].includes(t.name)).map((t) => t.name);
    expect(additive.length).toBeGreaterThanOrEqual(4);
    for (const tool of writes) {
      const expected = ADDITIVE_WRITES.includes(tool.name) || additive.includes(tool.name) ? false : undefined;
      expect({ tool: tool.name, destructiveHint: tool.annotations?.destructiveHint }).toEqual({ tool: tool.name, destructiveHint: expected });
    }
    for (const name of ['dns_set_servers', 'ntp_set_servers', 'system_set_identity', 'firewall_update_filter_rule', 'firewall_move_filter_rule', 'interface_set_comment', 'change_revert', 'plan_apply', 'plan_rollback', 'plan_cancel']) {
      expect(tools.find((t) => t.name === name)?.annotations).not.toHaveProperty('destructiveHint');
    }
  });

  it('gives read-only tools readOnlyHint and no write hints', () => {
    for (const tool of tools.filter((t) => t.annotations?.readOnlyHint)) {
      expect({ tool: tool.name, destructive: tool.annotations?.destructiveHint, idempotent: tool.annotations?.idempotentHint }).toEqual({ tool: tool.name, destructive: undefined, idempotent: undefined });
    }
  });
});
