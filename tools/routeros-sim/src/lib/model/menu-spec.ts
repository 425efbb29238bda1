import type { Row } from '../rest/print-query';

export interface ReadContext {
  version: string;
  seed: number;
  /** Seconds since the device booted. */
  uptime: number;
  /** Whole seconds since the epoch: the tick that drives live counters. */
  tick: number;
  /** The device's clock in milliseconds (timed entries count down on it). */
  now: number;
  /** Rows of another menu (for fields derived from other tables). */
  rowsOf(path: string): Row[];
  /** A CPU load forced by a fault. */
  cpuLoadPercent?: number;
}

/** What a menu's own row check sees: other menus' rows, and this menu's other rows (the row itself left out). */
export interface RowCheckContext {
  rowsOf(path: string): Row[];
  others: Row[];
}

/** How one menu behaves beyond what RouterOS's command tree already says (which arguments exist). */
export interface MenuSpec {
  path: string;
  kind: 'table' | 'singleton';
  /** False for status menus (resource, package, log, registration tables): every write is refused. */
  writable: boolean;
  /** Values a new row gets when the request leaves them out. */
  defaults?: Record<string, string>;
  /** Stored values RouterOS derives from others when a row is created (e.g. an address's `network`). */
  derive?: (values: Record<string, string | undefined>) => Record<string, string>;
  /** Factory values of a singleton: the export shows what differs from them. */
  factory?: Record<string, string>;
  required?: string[];
  /** Boolean properties: `yes`/`no` accepted, stored as `true`/`false`. */
  bools?: string[];
  /** Properties that must name an existing row of another menu (by its `name`). */
  refs?: Record<string, string>;
  /** The property that must be unique among rows, if any. */
  unique?: string;
  /** Properties that together must be unique (an address-list entry: list and address), and RouterOS's refusal. */
  uniqueTogether?: { fields: string[]; detail: string; /** only enabled rows clash (address lists) */ enabledOnly?: boolean };
  /** Dynamic rows may still be set and removed (timed address-list entries). */
  dynamicWritable?: boolean;
  /** Dynamic rows may be removed but not set (dynamic DHCP leases). */
  dynamicRemovable?: boolean;
  /** Where this menu's `.id` counter starts (routes use a high range). */
  idBase?: number;
  /** Menus whose rows share one id counter (all interfaces). */
  idGroup?: string;
  /** Read-only values filled in on every read. */
  computed?: (row: Row, ctx: ReadContext) => Record<string, string>;
  /** Secrets: hidden in exports unless show-sensitive. */
  sensitive?: string[];
  /** Package other than the base system that provides this menu (then it is not in the base command tree). */
  package?: 'routerboard' | 'wireless' | 'container';
  /** Arguments of add/set for a package menu (the base command tree does not describe extra packages). */
  packageArgs?: string[];
  /** Commands of a writable menu the simulator does not model (refused as not supported, as read-only menus are). */
  unmodelled?: string[];
  /** Derived from the command tree alone (model/generic-menus.ts), not curated. */
  generic?: boolean;
  /** A menu's own value rules, tried before the shared ones (model/arg-rules.ts): the stored value, or undefined. */
  argRule?: (key: string, value: string, ctx: { command: 'add' | 'set'; version: string; rowsOf(path: string): Row[] }) => string | undefined;
  /**
   * Properties that name a row of another menu (by `name`) checked by the menu's own rules (`none` allowed, a
   * list of names…) rather than `refs`: like `refs`, they follow the row's renames.
   */
  namedRefs?: Record<string, string>;
  /** A generic menu's references (model/generic-refs.ts): argument → menus whose row names it may be; they follow renames. */
  refTargets?: Record<string, string[]>;
  /** A generic menu's arguments whose address syntax is checked (model/generic-addresses.ts), for the coverage page. */
  addressArgs?: string[];
  /** A generic menu's arguments whose time or integer syntax is checked (model/generic-values.ts), for the coverage page. */
  valueArgs?: string[];
  /** Why RouterOS refuses to remove this row (an action a logging rule uses), or undefined. */
  removeRefusal?: (row: Row, rowsOf: (path: string) => Row[]) => string | undefined;
  /** Stored properties never shown to a client (a user's password). */
  hidden?: string[];
  /** Refuses a change of one row (`after` undefined: removed) that RouterOS refuses, by throwing its error. */
  guard?: (change: { before?: Row; after?: Row }, rowsOf: (path: string) => Row[]) => void;
  /** Rows of other menus that belong to an item by its name and go when it is removed (a user's SSH keys). */
  owns?: { path: string; field: string }[];
  /** A row added without a name is named `<autoName>N`, the lowest N no interface and no row of its menu has (`wireguard1`, `queue1`). */
  autoName?: string;
  /** The `type` shown in /interface for rows of this menu. */
  interfaceType?: string;
  /** A menu's own check of a row as it would be stored (references, cycles); may normalise the row's values. */
  checkRow?: (row: Row, ctx: RowCheckContext) => void;
}
