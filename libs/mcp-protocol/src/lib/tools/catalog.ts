import { closest, distance } from 'fastest-levenshtein';
import type { ToolDefinition } from './define-tool';
import { deviceGet } from './device/device-get.tool';
import { deviceList } from './device/device-list.tool';
import { bridgeListPorts } from './bridge/bridge-list-ports.tool';
import { dhcpListLeases } from './dhcp/dhcp-list-leases.tool';
import { dnsGetStatus } from './dns/dns-get-status.tool';
import { firewallListAddressLists } from './firewall/firewall-list-address-lists.tool';
import { firewallListFilterRules } from './firewall/firewall-list-filter-rules.tool';
import { firewallListNatRules } from './firewall/firewall-list-nat-rules.tool';
import { interfaceList } from './interface/interface-list.tool';
import { ipGetArpTable } from './ip/ip-get-arp-table.tool';
import { ipListAddresses } from './ip/ip-list-addresses.tool';
import { routingListRoutes } from './routing/routing-list-routes.tool';
import { systemGetOverview } from './system/system-get-overview.tool';
import { systemGetPackages } from './system/system-get-packages.tool';

/** Every tool the server can offer, in listing order. */
export const ALL_TOOLS: readonly ToolDefinition[] = [
  deviceList, deviceGet,
  systemGetOverview, systemGetPackages,
  interfaceList, bridgeListPorts,
  ipListAddresses, ipGetArpTable,
  dnsGetStatus, dhcpListLeases,
  routingListRoutes,
  firewallListFilterRules, firewallListNatRules, firewallListAddressLists,
] as unknown as readonly ToolDefinition[];

export interface CatalogOptions {
  /** Topics to expose (`ROUTEROS_MCP_TOOLSETS`); all when unset. */
  toolsets?: string[];
  /** Only read-only tools (`ROUTEROS_MCP_READ_ONLY`). */
  readOnly?: boolean;
}

/** The tools one server exposes, found by canonical name or by the spec's `topic/tool-name` alias. */
export class ToolCatalog {
  readonly tools: readonly ToolDefinition[];
  private readonly byName = new Map<string, ToolDefinition>();

  constructor(options: CatalogOptions = {}, all: readonly ToolDefinition[] = ALL_TOOLS) {
    this.tools = all.filter((t) => (!options.toolsets?.length || options.toolsets.includes(t.topic)) && (!options.readOnly || t.readOnly));
    for (const tool of this.tools) {
      this.byName.set(tool.name, tool);
      this.byName.set(tool.alias, tool);
    }
  }

  find(name: string): ToolDefinition | undefined {
    return this.byName.get(name);
  }

  /** Up to three listed names closest to a mistyped one. */
  closestNames(name: string): string[] {
    const names = this.tools.map((t) => t.name);
    const normalized = name.replace(/[/-]/g, '_');
    const best = closest(normalized, names);
    return names
      .map((n) => ({ n, d: distance(normalized, n) }))
      .sort((a, b) => a.d - b.d || (a.n === best ? -1 : 1))
      .slice(0, 3)
      .map((x) => x.n);
  }
}
