import type { Row } from '../rest/print-query';

/**
 * What a Wi-Fi client associated with, as RouterOS decides it: the radio's SSID, mode, security (authentication
 * types, passphrase or pre-shared keys, ciphers), band, channel and width, country and MAC (the BSSID), from the
 * interface's own settings and the profiles it names, and for a radio CAPsMAN provides, the manager and the
 * provisioning rules that make it. A client keeps its association only while all of these stay as they were: with
 * another SSID, key or security it cannot associate again, and on another band or channel it may not follow (a DFS
 * channel's wait, a band it lacks); this model's client never re-associates.
 */
export type Association = Record<string, string>;

interface Stack {
  interfaces: string;
  registration: string;
  /** Properties of the interface (and of the configuration profiles it names) that a client associates with. */
  decisive: RegExp;
  /** Profile references: property → menu (rows by `name`); every setting of a named profile counts but its comment. */
  refs: Record<string, string>;
  /** Menus of the manager and its provisioning, for the radios CAPsMAN makes. */
  capsman: string[];
}

const STACKS: Stack[] = [
  {
    interfaces: 'interface/wifi',
    registration: 'interface/wifi/registration-table',
    decisive: /^(disabled|mac-address|master-interface|ssid|mode|country|hide-ssid|configuration\.(ssid|mode|country|hide-ssid)|security\..*|channel\..*)$/,
    refs: { configuration: 'interface/wifi/configuration', security: 'interface/wifi/security', channel: 'interface/wifi/channel' },
    capsman: ['interface/wifi/capsman', 'interface/wifi/provisioning'],
  },
  {
    interfaces: 'interface/wireless',
    registration: 'interface/wireless/registration-table',
    decisive: /^(disabled|mac-address|master-interface|ssid|mode|band|frequency|channel-width|country|wireless-protocol)$/,
    refs: { 'security-profile': 'interface/wireless/security-profiles' },
    capsman: [],
  },
  {
    interfaces: 'caps-man/interface',
    registration: 'caps-man/registration-table',
    decisive: /^(disabled|mac-address|master-interface|configuration(\..*)?)$/,
    refs: {},
    capsman: ['caps-man/manager'],
  },
];

const stackOf = (rowsOf: (path: string) => Row[], radio: string) => STACKS.find((s) => rowsOf(s.interfaces).some((r) => r['name'] === radio));

/** Whether `name` is a Wi-Fi interface (of any stack). */
export const isRadio = (rowsOf: (path: string) => Row[], name: string | undefined): boolean => name !== undefined && stackOf(rowsOf, name) !== undefined;

/** The registration table that lists the clients of `radio`. */
export const registrationMenu = (rowsOf: (path: string) => Row[], radio: string): string | undefined => stackOf(rowsOf, radio)?.registration;

/** What a client of `radio` associates with now; `undefined` when the radio is gone. */
export function associationOf(rowsOf: (path: string) => Row[], radio: string): Association | undefined {
  const stack = stackOf(rowsOf, radio);
  const row = stack && rowsOf(stack.interfaces).find((r) => r['name'] === radio);
  if (!stack || !row) return undefined;
  const out: Association = {};
  const keep = (where: string, source: Row, decisive: (key: string) => boolean) => {
    for (const [key, value] of Object.entries(source)) if (decisive(key) && !key.startsWith('.')) out[`${where} ${key}`] = value;
  };
  keep(radio, row, (k) => stack.decisive.test(k));
  // A configuration profile holds the same settings as the interface (and names security and channel profiles).
  const profile = (ref: string, menu: string, value: string | undefined, depth = 0) => {
    const found = value ? rowsOf(menu).find((r) => r['name'] === value) : undefined;
    out[`${ref} ${value ?? ''}`] = found ? 'present' : 'absent';
    if (!found) return;
    keep(`${menu} ${value}`, found, (k) => k !== 'comment' && k !== 'name' && !(k in stack.refs));
    if (depth < 1) for (const [inner, innerMenu] of Object.entries(stack.refs)) if (found[inner]) profile(inner, innerMenu, found[inner], depth + 1);
  };
  for (const [ref, menu] of Object.entries(stack.refs)) if (row[ref]) profile(ref, menu, row[ref]);
  if (row['.dynamic'] === 'true' || stack.interfaces === 'caps-man/interface') {
    for (const menu of stack.capsman) {
      rowsOf(menu).forEach((r, i) => keep(`${menu} #${i}`, r, (k) => k !== 'comment'));
      for (const rule of menu.endsWith('provisioning') ? rowsOf(menu) : []) profile('master-configuration', stack.refs['configuration'], rule['master-configuration']);
    }
  }
  return out;
}

/** The first setting the association lost or changed, named (never its value), or `undefined` when it holds. */
export function lostAssociation(was: Association, now: Association | undefined): string | undefined {
  if (!now) return 'the interface is gone';
  for (const key of new Set([...Object.keys(was), ...Object.keys(now)])) if (was[key] !== now[key]) return `${key} changed`;
  return undefined;
}
