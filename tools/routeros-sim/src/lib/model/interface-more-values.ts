import type { ArgContext } from './arg-rules';
import type { GenericValueRule } from './generic-values';
import { U32 } from './value-bounds';
import { boolRule as bool, numRule as num, refRule as ref, wordRule as word, SourcedRule } from './value-rule-builders';

/**
 * Value syntax of the interface menus' arguments that neither the tree nor the menus' own rules describe (the curated
 * Ethernet, bonding, VLAN, MACVLAN, L2TPv3, CAPsMAN, wifi, WireGuard peer and veth menus; the generic PPP servers,
 * dot1x, LTE settings, MACsec profile, PPP server and CAP menus), read from MikroTik's CLI reference of each menu (`source`).
 * Left free, and why (docs/simulator.md): wifi `distance` and `country` (the configuration page lists the legacy
 * CAPsMAN's types beside wifi's), datapath `traffic-processing` (as model/wifi-values.ts decided); Ethernet `advertise`
 * (the reference types it `multi { array-id }`, no words); the PPP family's `max-mtu`, `max-mru`, `keepalive-timeout`
 * and `mrru` (as model/tunnel-values.ts and generic-values.ts decided); PPPoE `max-sessions` (exports write
 * `unlimited`); L2TPv3 `use-ipsec` (`bool`, as the L2TP client's, whose exports write `required`); serial `port`s (a
 * bare `enum` of the device's ports); CAPsMAN `certificate` (the reference lists only `auto`, its factory value is
 * `none`).
 */
const CLI = 'https://manual.mikrotik.com/docs/cli-reference/interface';
const ETHERNET = `${CLI}/ethernet.md`;
const BONDING = `${CLI}/bonding.md`;
const VLAN = `${CLI}/vlan.md`;
const MACVLAN = `${CLI}/macvlan.md`;
const L2TP_ETHER = `${CLI}/l2tp-ether.md`;
const CAPSMAN = `${CLI}/wifi/capsman.md`;
const WIFI_CHANNEL = `${CLI}/wifi/channel.md`;
const WIFI_CONFIGURATION = `${CLI}/wifi/configuration.md`;
const WIFI_SECURITY = `${CLI}/wifi/security.md`;
const WIREGUARD_PEERS = `${CLI}/wireguard/peers.md`;
const VETH = `${CLI}/veth.md`;
const PPPOE_SERVER = `${CLI}/pppoe-server/server.md`;
const L2TP_SERVER = `${CLI}/l2tp-server/server.md`;
const SSTP_SERVER = `${CLI}/sstp-server/server.md`;
const PPTP_SERVER = `${CLI}/pptp-server/server.md`;
const OVPN_SERVER = `${CLI}/ovpn-server/server.md`;
const DOT1X_SERVER = `${CLI}/dot1x/server.md`;
const DOT1X_CLIENT = `${CLI}/dot1x/client.md`;
const LTE_SETTINGS = `${CLI}/lte/settings.md`;
const MACSEC_PROFILE = `${CLI}/macsec/profile.md`;
const PPP_SERVER = `${CLI}/ppp-server.md`;
const WIFI_CAP = `${CLI}/wifi/cap.md`;

const ARP = ['disabled', 'enabled', 'local-proxy-arp', 'proxy-arp', 'reply-only'];
const LOOP_PROTECT = ['default', 'off', 'on'];
const FLOW_CONTROL = ['auto', 'off', 'on'];
/** Ethernet `speed`, the reference's 31 link modes. */
const SPEEDS = [
  '10M-baseT-half', '10M-baseT-full', '100M-baseT-half', '100M-baseT-full', '1G-baseT-half', '1G-baseT-full', '10G-baseT', '2.5G-baseT',
  '2.5G-baseX', '5G-baseT', '40G-baseCR4', '40G-baseSR4-LR4', '25G-baseCR', '25G-baseSR-LR', '50G-baseCR2', '100G-baseSR4-LR4', '100G-baseCR4',
  '50G-baseSR2-LR2', '1G-baseX', '10G-baseCR', '10G-baseSR-LR', '50G-baseSR-LR', '50G-baseCR', '100G-baseSR2-LR2', '100G-baseCR2',
  '200G-baseSR4-LR4', '200G-baseCR4', '400G-baseSR8-LR8', '400G-baseCR8', '100M-baseFX-half', '100M-baseFX-full',
];

/**
 * Wifi channel bands and widths, the configuration's modes and WPS, as the CLI reference types them. They settle what
 * model/wifi-values.ts left free: the reference's bands are the ones exports and `/console/inspect` show (`5ghz-n`,
 * `60ghz-ad`, `s1ghz-ah`), its widths are a complete list, its modes include `station-bridge` and
 * `station-pseudobridge`, and WPS is `disable | push-button` as exports write it.
 */
const BANDS = ['2ghz-ax', '2ghz-be', '2ghz-g', '2ghz-n', '5ghz-a', '5ghz-ac', '5ghz-ax', '5ghz-be', '5ghz-n', '60ghz-ad', '6ghz-ax', '6ghz-be', 's1ghz-ah'];
const WIDTHS = ['20mhz', '20/40mhz', '20/40mhz-Ce', '20/40mhz-eC', '20/40/80mhz', '20/40/80+80mhz', '20/40/80/160mhz', '20/40/80/160/320mhz', '1mhz', '1/2mhz', '1/2/4mhz', '1/2/4/8mhz', '2160mhz'];
const WIFI_MODES = ['ap', 'station', 'station-bridge', 'station-pseudobridge'];
const WPS = ['disable', 'push-button'];
/** The channel, security and configuration properties a profile and its inline form (`channel.band`) share. */
const wifiInline = (mode: string) => ({
  'channel.band': word(BANDS, WIFI_CHANNEL),
  'channel.width': word(WIDTHS, WIFI_CHANNEL),
  'security.wps': word(WPS, WIFI_SECURITY),
  [mode]: word(WIFI_MODES, WIFI_CONFIGURATION),
});

/** Curated interface menus, reached from model/arg-rules.ts. */
export const INTERFACE_MORE_VALUES: Record<string, Record<string, SourcedRule>> = {
  'interface/ethernet': {
    arp: word(ARP, ETHERNET),
    'loop-protect': word(LOOP_PROTECT, ETHERNET),
    'tx-flow-control': word(FLOW_CONTROL, ETHERNET),
    'rx-flow-control': word(FLOW_CONTROL, ETHERNET),
    'cable-settings': word(['default', 'short', 'standard'], ETHERNET),
    'combo-mode': word(['auto', 'copper', 'sfp'], ETHERNET),
    'fec-mode': word(['auto', 'fec74', 'fec91', 'off'], ETHERNET),
    'sfp-rate-select': word(['high', 'low'], ETHERNET),
    'sfp-shutdown-temperature': num(ETHERNET),
    speed: word(SPEEDS, ETHERNET),
  },
  'interface/bonding': {
    arp: word(ARP, BONDING),
    mode: word(['802.3ad', 'active-backup', 'balance-alb', 'balance-rr', 'balance-tlb', 'balance-xor', 'broadcast'], BONDING),
    // `iface_enum { none:0 }`: an interface by name, or none.
    primary: ref({ menus: ['interface'], keywords: ['none'] }, BONDING),
    'link-monitoring': word(['arp', 'mii', 'none'], BONDING),
    'lacp-rate': word(['1sec', '30secs'], BONDING),
    'lacp-mode': word(['active', 'passive'], BONDING),
    'transmit-hash-policy': word(['encap-2-and-3', 'encap-3-and-4', 'layer-2', 'layer-2-and-3', 'layer-3-and-4'], BONDING),
    'min-links': num(BONDING),
    'lacp-user-key': num(BONDING),
  },
  'interface/vlan': {
    arp: word(ARP, VLAN),
    'loop-protect': word(LOOP_PROTECT, VLAN),
    'use-service-tag': bool(VLAN),
    mvrp: bool(VLAN),
  },
  'interface/macvlan': {
    arp: word(ARP, MACVLAN),
    'loop-protect': word(LOOP_PROTECT, MACVLAN),
    mode: word(['bridge', 'private'], MACVLAN),
  },
  'interface/l2tp-ether': {
    'l2tp-proto-version': word(['l2tpv3-ip', 'l2tpv3-udp'], L2TP_ETHER),
    'cookie-length': word(['0', '4-bytes', '8-bytes'], L2TP_ETHER),
    'digest-hash': word(['md5', 'none', 'sha1'], L2TP_ETHER),
    'use-l2-specific-sublayer': bool(L2TP_ETHER),
    'unmanaged-mode': bool(L2TP_ETHER),
    'local-tunnel-id': num(L2TP_ETHER),
    'local-session-id': num(L2TP_ETHER),
    'remote-tunnel-id': num(L2TP_ETHER),
    'remote-session-id': num(L2TP_ETHER),
  },
  'interface/wifi/capsman': {
    'upgrade-policy': word(['none', 'require-same-version', 'suggest-same-version'], CAPSMAN),
    // `enum (auto | none)` over the certificates.
    'ca-certificate': ref({ menus: ['certificate'], keywords: ['auto', 'none'] }, CAPSMAN),
  },
  'interface/wifi/channel': { band: word(BANDS, WIFI_CHANNEL), width: word(WIDTHS, WIFI_CHANNEL) },
  'interface/wifi/security': { wps: word(WPS, WIFI_SECURITY) },
  'interface/wifi/configuration': wifiInline('mode'),
  'interface/wifi': wifiInline('configuration.mode'),
  'interface/wireguard/peers': { responder: bool(WIREGUARD_PEERS) },
  'interface/veth': { dhcp: bool(VETH) },
};

/** The rule's stored form for a curated interface menu's argument, or undefined when no rule here covers it. */
export function interfaceMoreValue(key: string, value: string, ctx: ArgContext): string | undefined {
  return INTERFACE_MORE_VALUES[ctx.path]?.[key]?.check(key, value, ctx);
}

const integer = (source: string): GenericValueRule => ({ kind: 'integer', min: 0, max: U32, source });
const words = (values: string[], source: string): GenericValueRule => ({ kind: 'enum', values, source });
const RADIUS_MAC_FORMATS = ['XX:XX:XX:XX:XX:XX', 'XX-XX-XX-XX-XX-XX', 'XXXXXXXXXXXX', 'xx:xx:xx:xx:xx:xx', 'xx-xx-xx-xx-xx-xx', 'xxxxxxxxxxxx'];

/** Generic interface menus (model/generic-menus.ts merges these with model/generic-values.ts's). */
export const INTERFACE_MORE_GENERIC_VALUES: Record<string, Record<string, GenericValueRule>> = {
  'interface/pppoe-server/server': {
    'pado-delay': integer(PPPOE_SERVER),
    // `multi { vlan-range: range [1 .. 4094] }`, e.g. `100-115,120,122,128-130`.
    'pppoe-over-vlan-range': { kind: 'ranges', min: 1, max: 4094, source: PPPOE_SERVER },
  },
  'interface/l2tp-server/server': { 'use-ipsec': words(['no', 'required', 'yes'], L2TP_SERVER) },
  'interface/sstp-server/server': { port: integer(SSTP_SERVER) },
  'interface/dot1x/server': {
    'mac-auth-mode': words(['mac-as-username', 'mac-as-username-and-password'], DOT1X_SERVER),
    'radius-mac-format': words(RADIUS_MAC_FORMATS, DOT1X_SERVER),
    'reject-vlan-id': integer(DOT1X_SERVER),
    'guest-vlan-id': integer(DOT1X_SERVER),
    'server-fail-vlan-id': integer(DOT1X_SERVER),
  },
  'interface/dot1x/client': { 'eap-methods': { kind: 'enum', values: ['eap-mschapv2', 'eap-peap', 'eap-tls', 'eap-ttls'], list: true, source: DOT1X_CLIENT } },
  'interface/lte/settings': {
    mode: words(['auto', 'mbim', 'serial', 'user'], LTE_SETTINGS),
    'esim-channel': words(['at', 'auto'], LTE_SETTINGS),
    'link-recovery-timer': integer(LTE_SETTINGS),
  },
  'interface/macsec/profile': { 'server-priority': integer(MACSEC_PROFILE) },
  'interface/ppp-server': { 'data-channel': integer(PPP_SERVER), 'ring-count': integer(PPP_SERVER) },
  // `enum (yes | no)`, a word list rather than a boolean: stored as written.
  'interface/wifi/cap': { enabled: words(['no', 'yes'], WIFI_CAP) },
};

/** Yes/no arguments of the generic interface menus (`bool` in the CLI reference), merged by model/generic-menus.ts. */
export const INTERFACE_MORE_ARG_BOOLS: Record<string, { args: string[]; source: string }> = {
  'interface/pppoe-server/server': { args: ['accept-empty-service', 'accept-untagged', 'one-session-per-host'], source: PPPOE_SERVER },
  'interface/l2tp-server/server': { args: ['enabled', 'one-session-per-host'], source: L2TP_SERVER },
  'interface/sstp-server/server': { args: ['enabled', 'verify-client-certificate'], source: SSTP_SERVER },
  'interface/pptp-server/server': { args: ['enabled'], source: PPTP_SERVER },
  'interface/ovpn-server/server': { args: ['enable-tun-ipv6', 'require-client-certificate'], source: OVPN_SERVER },
  'interface/dot1x/server': { args: ['accounting'], source: DOT1X_SERVER },
  'interface/ppp-server': { args: ['null-modem'], source: PPP_SERVER },
  'interface/wifi/cap': { args: ['lock-to-caps-man', 'slaves-static'], source: WIFI_CAP },
};
