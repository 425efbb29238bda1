import type { Clock } from '@routeros-mcp/application-ports';

type Row = Readonly<Record<string, unknown>>;

/** What a menu holds on one device now: how many items, and which of its properties no command can set. */
export interface MenuContents {
  /** Rows of a table (1 for a singleton); absent when the device could not be read. */
  item_count?: number;
  /** When the count was read (counts are kept briefly: see MenuContentsCache). */
  counted_at?: string;
  /** Properties the rows carry that neither `add` nor `set` takes (status, counters, flags), as RouterOS prints them. */
  read_only: string[];
  /** Why the count is missing (the device did not answer), so a caller is never shown a guess. */
  unavailable?: string;
}

/** How long a device's item count is reused: long enough for describe → print → change, short enough to stay true. */
export const MENU_COUNT_TTL_MS = 30_000;

/**
 * Item counts per device and menu, and property names per tree version and menu. Neither is in RouterOS's command
 * tree: one print tells both, so a menu is printed at most once per device per `MENU_COUNT_TTL_MS` and its property
 * names are learned once per version (they do not differ between devices of one version).
 */
export class MenuContentsCache {
  private readonly counts = new Map<string, { count: number; at: Date }>();
  private readonly names = new Map<string, Set<string>>();

  constructor(private readonly clock: Clock) {}

  /** Rows just printed in full (no filter): their count and names are kept. */
  observe(deviceId: string, treeVersion: string, path: string, rows: Row[] | Row): void {
    const list = Array.isArray(rows) ? rows : [rows];
    this.counts.set(`${deviceId}\n${path}`, { count: list.length, at: this.clock.now() });
    const names = this.names.get(`${treeVersion}\n${path}`) ?? new Set<string>();
    for (const row of list) for (const key of Object.keys(row)) if (!key.startsWith('.')) names.add(key);
    this.names.set(`${treeVersion}\n${path}`, names);
  }

  /** A device's menu changed through this service: its count is read again next time. */
  forget(deviceId: string, path: string): void {
    this.counts.delete(`${deviceId}\n${path}`);
  }

  /** The contents, printing the menu with `print` only when the device's count is not fresh. */
  async contents(deviceId: string, treeVersion: string, path: string, settable: ReadonlySet<string>, print: () => Promise<Row[] | Row>): Promise<MenuContents> {
    let unavailable: string | undefined;
    if (!this.fresh(deviceId, path)) {
      try {
        this.observe(deviceId, treeVersion, path, await print());
      } catch (error) {
        unavailable = `the device did not answer the print: ${(error as Error).message}`;
      }
    }
    const counted = this.fresh(deviceId, path);
    const readOnly = [...(this.names.get(`${treeVersion}\n${path}`) ?? [])].filter((name) => !settable.has(name)).sort();
    return {
      ...(counted ? { item_count: counted.count, counted_at: counted.at.toISOString() } : {}),
      read_only: readOnly,
      ...(unavailable ? { unavailable } : {}),
    };
  }

  private fresh(deviceId: string, path: string): { count: number; at: Date } | undefined {
    const entry = this.counts.get(`${deviceId}\n${path}`);
    return entry && this.clock.now().getTime() - entry.at.getTime() < MENU_COUNT_TTL_MS ? entry : undefined;
  }
}
