import type { ChangeRequest, ChangeResult } from '@routeros-mcp/application-use-cases';
import type { ToolContext, ToolDefinition } from '../define-tool';
import { ToolCatalog } from '../catalog';

const catalog = new ToolCatalog({ toolsets: ['all'] });
const tool = (name: string): ToolDefinition => catalog.find(name)!;
const parse = (name: string, args: Record<string, unknown>) => tool(name).input.safeParse({ device_id: 'dev-home', ...args });

/** A pipeline stand-in that records the request and runs the planner on rows it is given, as the real one would. */
function pipeline(live: Record<string, Record<string, string>[]>) {
  const requests: ChangeRequest<unknown>[] = [];
  const changes = {
    async run<I>(request: ChangeRequest<I>): Promise<ChangeResult> {
      requests.push(request as ChangeRequest<unknown>);
      const outcome = request.planner.propose(live, request.input);
      const proposal = outcome.kind === 'change' ? outcome.proposal : undefined;
      return {
        changed: !!proposal && !request.dryRun, dryRun: request.dryRun, summary: proposal?.summary ?? (outcome.kind === 'no_change' ? outcome.reason : ''),
        touched: proposal?.touched ?? [], diff: [], risk: proposal?.risk ?? 'low', verdicts: [], verification: { status: 'not_run', checks: [] },
      };
    },
  };
  return { requests, ctx: { changes, principal: { id: 'spec' }, correlationId: 'c-1', environment: 'lab', signal: new AbortController().signal } as unknown as ToolContext };
}

describe('the write tools', () => {
  it('say what a server address must be, not zod\'s "Invalid input"', () => {
    for (const [name, field] of [['dns_set_servers', 'servers'], ['plan_dns_ntp', 'dns_servers']] as const) {
      const result = tool(name).input.safeParse({ device_id: 'dev-home', devices: ['dev-home'], [field]: ['not-an-address'] });
      expect(result.error?.issues.find((i) => i.path.join('.') === `${field}.0`)?.message).toBe('an IPv4 or IPv6 address');
    }
  });

  it('hand the pipeline their planner, topic flag and input without device_id and dry_run', async () => {
    const { requests, ctx } = pipeline({ 'ip/firewall/filter': [{ '.id': '*1', chain: 'input', action: 'accept', disabled: 'false' }] });
    const args = tool('firewall_remove_filter_rule').input.parse({ device_id: 'dev-home', id: '*1', position: 0, dry_run: true });
    const out = await tool('firewall_remove_filter_rule').run(args, ctx);
    expect(requests[0]).toMatchObject({ deviceId: 'dev-home', tool: 'firewall_remove_filter_rule', requiresFlag: 'allow_firewall_writes', dryRun: true, input: { id: '*1', position: 0 } });
    expect(out.structured).toMatchObject({ changed: false, dry_run: true, summary: 'remove rule *1 ("input accept") at position 0', risk: 'high' });
  });

  it.each([
    ['firewall_add_filter_rule', 'allow_firewall_writes'], ['firewall_update_filter_rule', 'allow_firewall_writes'], ['firewall_move_filter_rule', 'allow_firewall_writes'],
    ['routing_add_static_route', 'allow_routing_writes'], ['routing_remove_static_route', 'allow_routing_writes'],
    ['dhcp_add_static_lease', 'allow_dhcp_writes'], ['dhcp_remove_static_lease', 'allow_dhcp_writes'],
  ])('%s needs %s on top of advanced writes', async (name, flag) => {
    const { requests, ctx } = pipeline({});
    await tool(name).run({} as never, ctx).catch(() => undefined);
    expect(requests[0]?.requiresFlag).toBe(flag);
  });

  it('rule updates are validated as strictly as additions, though listed as a plain object', () => {
    expect(parse('firewall_update_filter_rule', { id: '*3', position: 3, set: { action: 'drop', 'connection-state': [] } }).success).toBe(true);
    const unknown = parse('firewall_update_filter_rule', { id: '*3', position: 3, set: { 'src-mac-address': 'AA:BB:CC:DD:EE:FF' } });
    expect(unknown.success).toBe(false);
    expect(parse('firewall_update_filter_rule', { id: '*3', position: 3, set: { action: 'allow' } }).error?.issues[0].path).toEqual(['set', 'action']);
    expect(parse('firewall_add_filter_rule', { rule: { chain: 'input' } }).success).toBe(false);
    expect(parse('firewall_add_filter_rule', { rule: { chain: 'input', action: 'drop', 'connection-state': ['bogus'] } }).success).toBe(false);
    expect(parse('firewall_move_filter_rule', { id: '3', position: 3 }).success).toBe(false);
  });

  it('address lists outside mcp-* and malformed MACs are refused before the device is asked', () => {
    expect(parse('firewall_update_address_list', { list: 'blocklist', remove: ['10.0.0.1'] }).success).toBe(false);
    expect(parse('firewall_update_address_list', { list: 'mcp-blocklist', add: [{ address: '10.0.0.1', timeout: '1h30m' }] }).success).toBe(true);
    expect(parse('firewall_update_address_list', { list: 'mcp-blocklist', add: [{ address: '10.0.0.1', timeout: 'soon' }] }).success).toBe(false);
    expect(parse('dhcp_add_static_lease', { address: '192.168.88.30', 'mac-address': 'not a mac', server: 'defconf' }).success).toBe(false);
  });
});
