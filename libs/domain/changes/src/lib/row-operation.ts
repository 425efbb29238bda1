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
  /** `withoutUnset`: the menu has no `unset` command (its tree says), so its inverse writes "" for an absent property. */
  | { kind: 'set'; menu: string; id?: string; props: Readonly<Record<string, string>>; unset?: readonly string[]; withoutUnset?: boolean }
  /**
   * `restore`: the properties an `add` of this menu takes (from its command tree), so the inverse re-adds only those;
   * absent for the menus the specific tools write, whose arguments are listed in the domain. `ordered`: its add takes
   * `place-before` (the tree says), so the row comes back where it was.
   */
  | { kind: 'remove'; menu: string; id: string; restore?: readonly string[]; ordered?: boolean }
  /** Moves `id` before `destination` (a `.id`), or to the end when `destination` is absent. */
  | { kind: 'move'; menu: string; id: string; destination?: string }
  /** A command that changes state but has no row to restore (`ip/dns/cache/flush`): never reverted. */
  | { kind: 'command'; menu: string; command: string; args?: Readonly<Record<string, string>> };
