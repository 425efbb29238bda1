import type { RouterOsRow } from '@routeros-mcp/application-ports';
import type { ToolContext } from '../define-tool';

/** The wireless stacks a device may have: the wifi package (7.13+) and the legacy wireless package. */
const STACKS = [
  { source: 'wifi', interfaces: 'interface/wifi', clients: 'interface/wifi/registration-table' },
  { source: 'wireless', interfaces: 'interface/wireless', clients: 'interface/wireless/registration-table' },
] as const;

/** Rows of whichever stacks the device has, each tagged with its `source`. */
export async function readWireless(ctx: ToolContext, deviceId: string, what: 'interfaces' | 'clients'): Promise<{ sources: string[]; rows: RouterOsRow[] }> {
  const { data } = await ctx.reader.many(deviceId, Object.fromEntries(STACKS.map((s) => [s.source, { menu: s[what], optional: true }])) as Record<'wifi' | 'wireless', { menu: string; optional: true }>);
  const sources = STACKS.filter((s) => data[s.source] !== undefined).map((s) => s.source);
  const rows = STACKS.flatMap((s) => ((data[s.source] as RouterOsRow[] | undefined) ?? []).map((row) => ({ source: s.source, ...row })));
  return { sources, rows };
}
