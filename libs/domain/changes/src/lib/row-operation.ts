/** A RouterOS row as the REST API sends it: every value a string, `.id` included for list menus. */
export type Row = Readonly<Record<string, string>>;

/** The live rows of the menus a change reads, by menu path (`ip/address`); a singleton menu holds one row. */
export type LiveRows = Readonly<Record<string, readonly Row[]>>;

/**
 * One REST write. Menus are REST paths (`ip/firewall/filter`), ids are RouterOS ids (`*1A`).
 * The order of a change's operations is the order they are written in.
 */
export type RowOperation =
  | { kind: 'add'; menu: string; props: Readonly<Record<string, string>>; /** `.id` of the row the new one goes before. */ placeBefore?: string }
  /** `id` absent: a singleton menu (`system/identity`). `unset` names properties returned to their default. */
  | { kind: 'set'; menu: string; id?: string; props: Readonly<Record<string, string>>; unset?: readonly string[] }
  | { kind: 'remove'; menu: string; id: string }
  /** Moves `id` before `destination` (a `.id`), or to the end when `destination` is absent. */
  | { kind: 'move'; menu: string; id: string; destination?: string }
  /** A command that changes state but has no row to restore (`ip/dns/cache/flush`): never reverted. */
  | { kind: 'command'; menu: string; command: string; args?: Readonly<Record<string, string>> };
