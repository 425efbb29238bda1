/**
 * The wireless stacks of RouterOS v7 and the menus that decide what a radio's clients associate with: the `wifi`
 * package (7.13+), `wifiwave2` (its predecessor, same menus under another name), the legacy `wireless` package and
 * that package's legacy CAPsMAN (`caps-man`). Menu and property names are those of RouterOS's command trees (vendored
 * for 7.15.3 and 7.20.5 in tools/routeros-sim) and of MikroTik's WiFi, Wireless Interface and CAPsMAN manuals.
 */
export interface WirelessStack {
  name: 'wifi' | 'wifiwave2' | 'wireless' | 'caps-man';
  /** The menu of the stack's interfaces (also shown in `/interface`, with `type`). */
  interfaces: string;
  /** The `type` `/interface` shows for them. */
  type: string;
  /** Properties naming a profile row (by its `name`) and the menu that holds it; profiles name further profiles alike. */
  refs: Readonly<Record<string, string>>;
  /** Menus whose rows apply to every radio of the stack (access and connect lists, this device as a CAP). */
  shared: readonly string[];
  /** Menus that make and configure the radios CAPsMAN provides (the manager's settings and provisioning rules). */
  capsman: readonly string[];
  /** The provisioning rules, whose `master-configuration` and `slave-configurations` name configuration profiles. */
  provisioning?: string;
  /** Who is associated to which radio (CAPsMAN managers list the clients of their CAPs' radios too). */
  registration: string;
  /** Singletons among the stack's menus. */
  singletons: readonly string[];
}

function wifiLike(name: 'wifi' | 'wifiwave2'): WirelessStack {
  const base = `interface/${name}`;
  const profile = (menu: string) => `${base}/${menu}`;
  return {
    name,
    interfaces: base,
    type: name,
    refs: {
      configuration: profile('configuration'), security: profile('security'), channel: profile('channel'), datapath: profile('datapath'),
      steering: profile('steering'), aaa: profile('aaa'), interworking: profile('interworking'),
      'master-configuration': profile('configuration'), 'slave-configurations': profile('configuration'),
      // A security profile's (or inline) group of extra passphrases: its rows carry the group's name in `group`.
      'multi-passphrase-group': profile('security/multi-passphrase'), 'security.multi-passphrase-group': profile('security/multi-passphrase'),
    },
    shared: [profile('access-list'), profile('cap')],
    capsman: [profile('capsman'), profile('provisioning')],
    provisioning: profile('provisioning'),
    registration: profile('registration-table'),
    singletons: [profile('capsman'), profile('cap')],
  };
}

export const WIRELESS_STACKS: readonly WirelessStack[] = [
  wifiLike('wifi'),
  wifiLike('wifiwave2'),
  {
    name: 'wireless',
    interfaces: 'interface/wireless',
    type: 'wlan',
    refs: { 'security-profile': 'interface/wireless/security-profiles' },
    shared: ['interface/wireless/access-list', 'interface/wireless/connect-list', 'interface/wireless/cap'],
    capsman: [],
    registration: 'interface/wireless/registration-table',
    singletons: ['interface/wireless/cap'],
  },
  {
    name: 'caps-man',
    interfaces: 'caps-man/interface',
    type: 'cap',
    refs: {
      configuration: 'caps-man/configuration', security: 'caps-man/security', channel: 'caps-man/channel', datapath: 'caps-man/datapath', rates: 'caps-man/rates',
      'master-configuration': 'caps-man/configuration', 'slave-configurations': 'caps-man/configuration',
    },
    shared: ['caps-man/access-list'],
    capsman: ['caps-man/manager', 'caps-man/manager/interface', 'caps-man/provisioning'],
    provisioning: 'caps-man/provisioning',
    registration: 'caps-man/registration-table',
    singletons: ['caps-man/manager'],
  },
];

const profileMenus = (s: WirelessStack) => [...new Set(Object.values(s.refs))];

/** Every configuration menu of a stack: what a change to its radios or their profiles is judged on. */
export const stackMenus = (s: WirelessStack): string[] => [s.interfaces, ...profileMenus(s), ...s.shared, ...s.capsman];

/** Menus whose rows decide what the radios of every stack offer their clients. */
export const WIRELESS_DEPENDENCIES: readonly string[] = WIRELESS_STACKS.flatMap(stackMenus);

/** The stack a menu belongs to, if it is a wireless configuration menu. */
export const stackOfMenu = (menu: string): WirelessStack | undefined => WIRELESS_STACKS.find((s) => stackMenus(s).includes(menu));

/** Singleton menus of the wireless stacks (read as one row). */
export const WIRELESS_SINGLETONS: readonly string[] = WIRELESS_STACKS.flatMap((s) => s.singletons);
