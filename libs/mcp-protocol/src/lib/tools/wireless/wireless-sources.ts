import type { RouterOsRow } from '@routeros-mcp/application-ports';
import type { ToolContext } from '../define-tool';

/**
 * The wireless stacks a device may have: the wifi package (7.13+, whose CAPsMAN puts the interfaces and clients
 * of its CAPs in the same menus), the legacy wireless package, and that package's legacy CAPsMAN.
 */
const STACKS = [
  { source: 'wifi', interfaces: 'interface/wifi', clients: 'interface/wifi/registration-table', caps: 'interface/wifi/capsman/remote-cap' },
  { source: 'wireless', interfaces: 'interface/wireless', clients: 'interface/wireless/registration-table' },
  { source: 'caps-man', interfaces: 'caps-man/interface', clients: 'caps-man/registration-table', caps: 'caps-man/remote-cap' },
] as const;

type Source = (typeof STACKS)[number]['source'];

export interface WirelessRead {
  /** The stacks this device has (whose menus answered), whether or not they hold rows. */
  sources: Source[];
  rows: RouterOsRow[];
  /** Access points this device controls as a CAPsMAN manager (read with the interfaces only). */
  caps: RouterOsRow[];
}

const tagged = (source: Source, rows: unknown) => ((rows as RouterOsRow[] | undefined) ?? []).map((row) => ({ source, ...row }));

/** Rows of whichever stacks the device has, each tagged with its `source`; one request per menu, all at once. */
export async function readWireless(ctx: ToolContext, deviceId: string, what: 'interfaces' | 'clients'): Promise<WirelessRead> {
  const menus: Record<string, { menu: string; optional: true }> = {};
  for (const stack of STACKS) {
    menus[stack.source] = { menu: stack[what], optional: true };
    if (what === 'interfaces' && 'caps' in stack) menus[`${stack.source}:caps`] = { menu: stack.caps, optional: true };
  }
  const { data } = await ctx.reader.many(deviceId, menus);
  return {
    sources: STACKS.filter((s) => data[s.source] !== undefined).map((s) => s.source),
    rows: STACKS.flatMap((s) => tagged(s.source, data[s.source])),
    caps: STACKS.flatMap((s) => tagged(s.source, data[`${s.source}:caps`])),
  };
}
