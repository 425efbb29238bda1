import type { ArgContext } from './arg-rules';
import { invalidArg, numberIn } from './arg-rules';
import type { RefRule } from './generic-refs';
import { strictBool } from './menu-values';
import { checkGenericValue, GENERIC_ARG_BOOLS, GENERIC_VALUES, WIFI } from './generic-values';
import { U32 } from './value-bounds';
import { refRule, ruleOf, SourcedRule } from './value-rule-builders';

/**
 * Value syntax of the curated wifi menus (`interface/wifi`, `interface/wifi/configuration|security|datapath|channel`),
 * read from MikroTik's WiFi manual page. A profile's property is typed the same where it is written inline: the
 * dotted `channel.skip-dfs-channels` on /interface/wifi and /interface/wifi/configuration, `configuration.dtim-period`
 * on /interface/wifi. Arguments whose page type RouterOS's own exports contradict are not typed here: MikroTik's CLI
 * reference settles band, width, WPS and mode (model/interface-more-values.ts); the rest stay free (docs/simulator.md).
 */
export type WifiValueRule = SourcedRule;

type Check = WifiValueRule['check'];
const generic = ruleOf;
const integer = (min: number, max: number, keywords?: string[]) => generic({ kind: 'integer', min, max, keywords, source: WIFI });
const word = (values: string[]) => generic({ kind: 'enum', values, source: WIFI });
const ref = (rule: RefRule): WifiValueRule => refRule(rule, WIFI);
const shaped = (check: Check): WifiValueRule => ({ source: WIFI, check: (key, value, ctx) => (value === '' ? value : check(key, value, ctx)) });

/** `2412`, `5180-5240:20`: decimal MHz or `from-to[:step]` ranges, comma-separated (the page's `channel.frequency`). */
const frequencies = shaped((key, value) => {
  for (const part of value.split(',')) {
    const m = /^(\d+)(?:-(\d+)(?::(\d+))?)?$/.exec(part);
    if (!m) throw invalidArg(key);
    if (m[2] !== undefined && Number(m[2]) < Number(m[1])) throw invalidArg(key);
  }
  return value;
});
/** `list of integers | disabled` (secondary-frequency). */
const integersOrDisabled = shaped((key, value) => {
  if (value === 'disabled') return value;
  for (const part of value.split(',')) numberIn(key, part, 0, U32);
  return value;
});
/** `accept-priority/hold-priority (integers)`; the hold part may be left out (exports write `.connect-priority=0/1`). */
const connectPriority = shaped((key, value) => {
  const m = /^([^/]*)(?:\/([^/]*))?$/.exec(value);
  if (!m) throw invalidArg(key);
  numberIn(key, m[1], 0, U32);
  if (m[2] !== undefined) numberIn(key, m[2], 0, U32);
  return value;
});
/** `list of peap, tls, ttls` (eap-methods). */
const wordList = (values: string[]) => shaped((key, value) => {
  for (const item of value.split(',')) checkGenericValue({ kind: 'enum', values, source: WIFI }, key, item);
  return value;
});

const PROFILE = (menu: string): RefRule => ({ menus: [`interface/wifi/${menu}`] });
/** Profile references an interface and a configuration take besides channel/security/datapath (model/arg-rules.ts). */
const PROFILE_REFS: Record<string, WifiValueRule> = { aaa: ref(PROFILE('aaa')), interworking: ref(PROFILE('interworking')), steering: ref(PROFILE('steering')) };

/** Sub-menu → argument → rule. Yes/no properties are the menus' booleans (WIFI_BOOLS), not rules here. */
export const WIFI_VALUES: Record<string, Record<string, WifiValueRule>> = {
  channel: {
    'skip-dfs-channels': word(['10min-cac', 'all', 'disabled']),
    frequency: frequencies,
    'secondary-frequency': integersOrDisabled,
  },
  configuration: {
    'antenna-gain': integer(0, 30),
    'dtim-period': integer(1, 255),
    manager: word(['capsman', 'capsman-or-local', 'local']),
    'max-clients': integer(1, 1000),
    'multicast-enhance': word(['disabled', 'enabled']),
    'qos-classifier': word(['dscp-high-3-bits', 'priority']),
    'tx-power': integer(0, 40),
    installation: word(['indoor', 'outdoor']),
  },
  datapath: {
    bridge: ref({ menus: ['interface/bridge'] }),
    'interface-list': ref({ menus: ['interface/list'] }),
    // `none | integer 1..4095` (the page; the sim took 1..4094 before, without a source).
    'vlan-id': integer(1, 4095, ['none']),
    'bridge-cost': integer(0, U32),
    'bridge-horizon': integer(0, U32, ['none']),
  },
  security: {
    'connect-priority': connectPriority,
    'eap-certificate-mode': word(['dont-verify-certificate', 'no-certificates', 'verify-certificate', 'verify-certificate-with-crl']),
    'eap-methods': wordList(['peap', 'tls', 'ttls']),
    'eap-tls-certificate': ref({ menus: ['certificate'], keywords: ['none'] }),
    'ft-mobility-domain': integer(0, 65535),
    'group-encryption': word(['ccmp', 'ccmp-256', 'gcmp', 'gcmp-256', 'tkip']),
    'management-encryption': word(['cmac', 'cmac-256', 'gmac', 'gmac-256']),
    'management-protection': word(['allowed', 'disabled', 'required']),
    'owe-transition-interface': ref({ menus: ['interface'], keywords: ['auto'], noun: 'interface' }),
    'sae-anti-clogging-threshold': integer(0, U32, ['disabled']),
    'sae-max-failure-rate': integer(0, U32, ['disabled']),
    'sae-pwe': word(['both', 'hash-to-element', 'hunting-and-pecking']),
  },
  // Properties of the interface itself (the page's Miscellaneous properties) and its profile references.
  '': {
    arp: word(['disabled', 'enabled', 'local-proxy-arp', 'proxy-arp', 'reply-only']),
    'master-interface': ref({ menus: ['interface/wifi'], keywords: ['none'], noun: 'interface' }),
    ...PROFILE_REFS,
  },
};


/**
 * Yes/no properties per sub-menu (the page types them `no | yes`): RouterOS's booleans, stored `true`/`false` as
 * the menus' `bools` are. Checked here, not listed in `bools`, since some exist in 7.20 only (station-roaming,
 * deprioritize-unii-3-4, 2g-probe-delay) and a menu's `bools` must be arguments on every tree.
 */
export const WIFI_BOOLS: Record<string, string[]> = {
  '': ['disable-running-check'],
  channel: ['deprioritize-unii-3-4'],
  configuration: ['hide-ssid', 'station-roaming'],
  datapath: ['client-isolation'],
  security: ['disable-pmkid', 'eap-accounting', 'ft', 'ft-over-ds', 'ft-preserve-vlanid'],
  // Generic menus' booleans (model/generic-values.ts), here for their inline forms; read when asked, as this module
  // may load while generic-values.ts is still loading (the value modules import one another).
  get steering() {
    return GENERIC_ARG_BOOLS['interface/wifi/steering'].args;
  },
  get interworking() {
    return GENERIC_ARG_BOOLS['interface/wifi/interworking'].args;
  },
};

/** The profiles written inline on `menu` (`channel.width` on /interface/wifi/configuration). */
const INLINE: Record<string, string[]> = {
  'interface/wifi': ['configuration', 'channel', 'datapath', 'security', 'steering', 'interworking'],
  'interface/wifi/configuration': ['channel', 'datapath', 'security', 'steering', 'interworking'],
};

/** The rule's stored form for a curated wifi menu's argument, or undefined when no rule here covers it. */
export function wifiValue(key: string, value: string, ctx: ArgContext): string | undefined {
  const { path } = ctx;
  if (path !== 'interface/wifi' && !path.startsWith('interface/wifi/')) return undefined;
  const dot = key.indexOf('.');
  if (dot > 0 && INLINE[path]?.includes(key.slice(0, dot))) {
    const sub = key.slice(0, dot);
    const arg = key.slice(dot + 1);
    if (WIFI_BOOLS[sub]?.includes(arg)) return strictBool(key, value);
    const rule = WIFI_VALUES[sub]?.[arg];
    if (rule) return rule.check(key, value, ctx);
    // Interworking is a generic menu: its rules are model/generic-values.ts's, applied to the inline form too.
    const generic = GENERIC_VALUES[`interface/wifi/${sub}`]?.[arg];
    return generic ? checkGenericValue(generic, key, value) : undefined;
  }
  const sub = path === 'interface/wifi' ? '' : path.slice('interface/wifi/'.length);
  if (!INLINE[path] && !WIFI_VALUES[sub]) return undefined;
  if (WIFI_BOOLS[sub]?.includes(key)) return strictBool(key, value);
  const own = WIFI_VALUES[sub]?.[key] ?? (sub === 'configuration' ? PROFILE_REFS[key] : undefined);
  return own?.check(key, value, ctx);
}
