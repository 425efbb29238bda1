import { isSelected, selectToolsets } from './toolsets';
import { ALL_TOOLS, ToolCatalog } from './catalog';

describe('a tool this product has that a deployment does not list', () => {
  it('on the default tool sets: a plan tool is off with its tier, a deep-dive read with its topic, each with a setting that lists it and keeps the rest', () => {
    const catalog = new ToolCatalog();
    const plan = catalog.switchedOff('plan_dns_ntp')!;
    expect(plan.reason).toMatch(/switched off here with the rest of the professional tier \(multi-device plans\)/);
    const dhcp = catalog.switchedOff('dhcp_list_leases')!;
    expect(dhcp.reason).toMatch(/switched off here with the rest of the dhcp tools/);
    for (const [name, off] of [['plan_dns_ntp', plan], ['dhcp_list_leases', dhcp]] as const) {
      const selection = selectToolsets(off.enableWith['ROUTEROS_MCP_TOOLSETS']!.split(','), false, ALL_TOOLS);
      expect(isSelected(ALL_TOOLS.find((t) => t.name === name)!, selection)).toBe(true);
      for (const listed of catalog.tools) expect(isSelected(listed, selection)).toBe(true);
    }
  });

  it('on the default tool sets: a deep-dive read says menu_print reads its menu, and naming its topic lists it', () => {
    const catalog = new ToolCatalog();
    const arp = catalog.switchedOff('ip_get_arp_table')!;
    expect(arp.reason).toBe('is a deep-dive read left out of the default tool list; menu_print with path /ip/arp reads the same rows');
    expect(arp.enableWith).toEqual({ ROUTEROS_MCP_TOOLSETS: 'default,ip' });
    const selection = selectToolsets(['default', 'ip'], false, ALL_TOOLS);
    expect(isSelected(ALL_TOOLS.find((t) => t.name === 'ip_get_arp_table')!, selection)).toBe(true);
    for (const listed of catalog.tools) expect(isSelected(listed, selection)).toBe(true);
    expect(new ToolCatalog({ readOnly: true }).switchedOff('ip_get_arp_table')).toBeUndefined();
  });

  it('on a read-only server: a write says read-only and ROUTEROS_MCP_READ_ONLY=false, by name or alias', () => {
    const catalog = new ToolCatalog({ readOnly: true });
    expect(catalog.switchedOff('dns_set_servers')).toMatchObject({ enableWith: { ROUTEROS_MCP_READ_ONLY: 'false' }, reason: expect.stringMatching(/read-only/) });
    expect(catalog.switchedOff('dns/set-servers')?.tool.name).toBe('dns_set_servers');
  });

  it('is nothing for a listed tool or a name the product does not have', () => {
    const catalog = new ToolCatalog();
    expect(catalog.switchedOff('device_list')).toBeUndefined();
    expect(catalog.switchedOff('no_such_tool')).toBeUndefined();
  });
});
