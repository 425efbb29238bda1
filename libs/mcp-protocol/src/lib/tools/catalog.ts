import { closest, distance } from 'fastest-levenshtein';
import type { ToolDefinition } from './define-tool';
import { CatalogExposure, CatalogOptions, toolExposure } from './tool-exposure';
import type { ToolsetSelection } from './toolsets';
import { SwitchedOffTool, switchedOffTool } from './switched-off';
import { auditListEvents } from './audit/audit-list-events.tool';
import { bridgeList } from './bridge/bridge-list.tool';
import { bridgeListVlans } from './bridge/bridge-list-vlans.tool';
import { configGetExport } from './config/config-get-export.tool';
import { configDiff } from './config/config-diff.tool';
import { configGetSnapshot } from './config/config-get-snapshot.tool';
import { configListSnapshots } from './config/config-list-snapshots.tool';
import { deviceCheckConnectivity } from './device/device-check-connectivity.tool';
import { dhcpGetServerStatus } from './dhcp/dhcp-get-server-status.tool';
import { diagnosticsPing } from './diagnostics/diagnostics-ping.tool';
import { diagnosticsTraceroute } from './diagnostics/diagnostics-traceroute.tool';
import { dnsGetCache } from './dns/dns-get-cache.tool';
import { fleetGetHealthSummary } from './fleet/fleet-get-health-summary.tool';
import { interfaceGet } from './interface/interface-get.tool';
import { interfaceGetTraffic } from './interface/interface-get-traffic.tool';
import { ipGetAddress } from './ip/ip-get-address.tool';
import { logsGetConfig } from './logs/logs-get-config.tool';
import { logsGetRecent } from './logs/logs-get-recent.tool';
import { ntpGetStatus } from './ntp/ntp-get-status.tool';
import { routingGetRoute } from './routing/routing-get-route.tool';
import { routingGetSummary } from './routing/routing-get-summary.tool';
import { serviceGetHealth } from './service/service-get-health.tool';
import { systemGetClock } from './system/system-get-clock.tool';
import { systemGetHealth } from './system/system-get-health.tool';
import { wirelessListClients } from './wireless/wireless-list-clients.tool';
import { wirelessListInterfaces } from './wireless/wireless-list-interfaces.tool';
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
import { systemSetIdentity } from './system/system-set-identity.tool';
import { dnsSetServers } from './dns/dns-set-servers.tool';
import { dnsFlushCache } from './dns/dns-flush-cache.tool';
import { ntpSetServers } from './ntp/ntp-set-servers.tool';
import { changeList } from './change/change-list.tool';
import { changeGet } from './change/change-get.tool';
import { changeRevert } from './change/change-revert.tool';
import { dhcpAddStaticLease } from './dhcp/dhcp-add-static-lease.tool';
import { dhcpRemoveStaticLease } from './dhcp/dhcp-remove-static-lease.tool';
import { firewallAddFilterRule } from './firewall/firewall-add-filter-rule.tool';
import { firewallMoveFilterRule } from './firewall/firewall-move-filter-rule.tool';
import { firewallRemoveFilterRule } from './firewall/firewall-remove-filter-rule.tool';
import { firewallUpdateAddressList } from './firewall/firewall-update-address-list.tool';
import { firewallUpdateFilterRule } from './firewall/firewall-update-filter-rule.tool';
import { interfaceSetComment } from './interface/interface-set-comment.tool';
import { interfaceSetEnabled } from './interface/interface-set-enabled.tool';
import { ipAddAddress } from './ip/ip-add-address.tool';
import { ipRemoveAddress } from './ip/ip-remove-address.tool';
import { routingAddStaticRoute } from './routing/routing-add-static-route.tool';
import { routingRemoveStaticRoute } from './routing/routing-remove-static-route.tool';
import { PLAN_CREATION_TOOLS } from './plan/plan-create.tools';
import { planGet } from './plan/plan-get.tool';
import { planList } from './plan/plan-list.tool';
import { planStatus } from './plan/plan-status.tool';
import { planCancel } from './plan/plan-cancel.tool';
import { planApply } from './plan/plan-apply.tool';
import { planRollback } from './plan/plan-rollback.tool';
import { menuDescribe } from './menu/menu-describe.tool';
import { menuPrint } from './menu/menu-print.tool';
import { menuChange } from './menu/menu-change.tool';

/** Every tool the server can offer, in listing order. */
export const ALL_TOOLS: readonly ToolDefinition[] = [
  deviceList, deviceGet, deviceCheckConnectivity,
  fleetGetHealthSummary, serviceGetHealth,
  systemGetOverview, systemGetPackages, systemGetClock, systemGetHealth,
  interfaceList, interfaceGet, interfaceGetTraffic,
  bridgeList, bridgeListPorts, bridgeListVlans,
  ipListAddresses, ipGetAddress, ipGetArpTable,
  dnsGetStatus, dnsGetCache, ntpGetStatus,
  dhcpGetServerStatus, dhcpListLeases,
  routingGetSummary, routingListRoutes, routingGetRoute,
  firewallListFilterRules, firewallListNatRules, firewallListAddressLists,
  logsGetRecent, logsGetConfig,
  wirelessListInterfaces, wirelessListClients,
  diagnosticsPing, diagnosticsTraceroute,
  configGetExport, configListSnapshots, configGetSnapshot, configDiff,
  auditListEvents,
  // Every RouterOS menu, from the device version's command tree.
  menuDescribe, menuPrint,
  // The advanced tier: writes, each through the change pipeline (hidden by ROUTEROS_MCP_READ_ONLY).
  ipAddAddress, ipRemoveAddress,
  interfaceSetComment, interfaceSetEnabled,
  firewallUpdateAddressList, firewallAddFilterRule, firewallUpdateFilterRule, firewallRemoveFilterRule, firewallMoveFilterRule,
  routingAddStaticRoute, routingRemoveStaticRoute,
  dhcpAddStaticLease, dhcpRemoveStaticLease,
  systemSetIdentity, dnsSetServers, dnsFlushCache, ntpSetServers,
  menuChange,
  changeList, changeGet, changeRevert,
  // The professional tier: multi-device plans, one creation tool per plan topic, approved by a human out of band.
  ...PLAN_CREATION_TOOLS,
  planGet, planList, planStatus, planCancel, planApply, planRollback,
] as unknown as readonly ToolDefinition[];

/** Also said without loading the tools: the starting stdio server checks ROUTEROS_MCP_TOOLSETS before it loads them. */
export { TOOLSETS, unknownToolsets } from './tool-facts';
export type { CatalogExposure, CatalogOptions } from './tool-exposure';

/** The tools one server exposes, found by canonical name or by the spec's `topic/tool-name` alias. */
export class ToolCatalog {
  readonly tools: readonly ToolDefinition[];
  /** The names of every tool this product has, listed here or not (a prompt's text is checked against them). */
  readonly knownNames: ReadonlySet<string>;
  private readonly byName = new Map<string, ToolDefinition>();

  readonly selection: ToolsetSelection;
  readonly exposure: CatalogExposure;

  constructor(
    private readonly options: CatalogOptions = {},
    private readonly all: readonly ToolDefinition[] = ALL_TOOLS,
  ) {
    ({ selection: this.selection, tools: this.tools, exposure: this.exposure } = toolExposure(options, all));
    this.knownNames = new Set(all.map((t) => t.name));
    for (const tool of this.tools) {
      this.byName.set(tool.name, tool);
      this.byName.set(tool.alias, tool);
    }
  }

  find(name: string): ToolDefinition | undefined {
    return this.byName.get(name);
  }

  /** A tool of this product the deployment does not list (by name or alias), with the setting that lists it. */
  switchedOff(name: string): SwitchedOffTool | undefined {
    return switchedOffTool(name, { toolsets: this.options.toolsets, readOnly: this.options.readOnly ?? false }, this.tools, this.all);
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
