import type { ArgContext } from './arg-rules';
import type { GenericValueRule } from './generic-values';
import { U32 } from './value-bounds';
import { boolRule as bool, numRule as num, refRule as ref, wordRule as word, SourcedRule } from './value-rule-builders';

/**
 * Value syntax of the tunnel and link interfaces' arguments (`/interface/vxlan`, the L2TP, SSTP and OpenVPN clients,
 * EoIPv6, mesh; the generic LTE, LTE APN, PPP client and mesh port menus) that neither the tree nor the menus' own rules
 * (model/tunnel-interfaces.ts, ppp-interfaces.ts) describe, read from MikroTik's CLI reference of each menu (`source`). Left free where the reference and RouterOS's exports disagree:
 * the clients' keepalive-timeout (`enum (disabled)` only, exports write `60`), max-mtu/max-mru (`num`, clients take
 * `auto`), L2TP's use-ipsec (`bool`, exports write `required`), VXLAN's ttl (docs/simulator.md).
 */
const CLI = 'https://manual.mikrotik.com/docs/cli-reference/interface';
const VXLAN = `${CLI}/vxlan.md`;
const L2TP = `${CLI}/l2tp-client.md`;
const SSTP = `${CLI}/sstp-client.md`;
const OVPN = `${CLI}/ovpn-client.md`;
const MESH = `${CLI}/mesh.md`;
const EOIPV6 = `${CLI}/eoipv6.md`;
const MESH_PORT = `${CLI}/mesh/port.md`;
const LTE = `${CLI}/lte.md`;
const APN = `${CLI}/lte/apn.md`;
const PPP_CLIENT = `${CLI}/ppp-client.md`;
/** The L2TP and SSTP manual pages: `mrru (disabled | integer; Default: disabled)`, the keyword the reference omits. */
const L2TP_PAGE = 'https://help.mikrotik.com/docs/x/DwAf';
const SSTP_PAGE = 'https://help.mikrotik.com/docs/display/ROS/SSTP';
type Rule = SourcedRule;

const USE_PEER_DNS = ['exclusively', 'no', 'yes'];
const TLS_VERSION = ['any', 'only-1.2'];
/** A client certificate of the store, by name, or `none` (`enum (none)` over the certificates). */
const CERTIFICATE = (source: string) => ref({ menus: ['certificate'], keywords: ['none'] }, source);

export const TUNNEL_VALUES: Record<string, Record<string, Rule>> = {
  'interface/vxlan': {
    arp: word(['disabled', 'enabled', 'local-proxy-arp', 'proxy-arp', 'reply-only'], VXLAN),
    'dont-fragment': word(['auto', 'disabled', 'enabled', 'inherit'], VXLAN),
    'loop-protect': word(['default', 'off', 'on'], VXLAN),
    'rem-csum': word(['both', 'none', 'rx', 'tx'], VXLAN),
    'vteps-ip-version': word(['ipv4', 'ipv6'], VXLAN),
    'bridge-pvid': num(VXLAN),
    bridge: ref({ menus: ['interface/bridge'] }, VXLAN),
    checksum: bool(VXLAN),
    hw: bool(VXLAN),
    learning: bool(VXLAN),
  },
  'interface/l2tp-client': {
    'l2tp-proto-version': word(['l2tpv2', 'l2tpv3-ip', 'l2tpv3-udp'], L2TP),
    'l2tpv3-cookie-length': word(['0', '4-bytes', '8-bytes'], L2TP),
    'l2tpv3-digest-hash': word(['md5', 'none', 'sha1'], L2TP),
    'use-peer-dns': word(USE_PEER_DNS, L2TP),
    'default-route-distance': num(L2TP),
    mrru: num(`${L2TP} ${L2TP_PAGE}`, ['disabled']),
    'random-source-port': bool(L2TP),
  },
  'interface/sstp-client': {
    'default-route-distance': num(SSTP),
    mrru: num(`${SSTP} ${SSTP_PAGE}`, ['disabled']),
    port: num(SSTP),
    'proxy-port': num(SSTP),
    certificate: CERTIFICATE(SSTP),
    pfs: word(['no', 'required', 'yes'], SSTP),
    'tls-version': word(TLS_VERSION, SSTP),
    'add-sni': bool(SSTP),
  },
  'interface/ovpn-client': {
    mode: word(['ethernet', 'ip'], OVPN),
    protocol: word(['tcp', 'udp'], OVPN),
    port: num(OVPN),
    'use-peer-dns': word(USE_PEER_DNS, OVPN),
    auth: word(['md5', 'null', 'sha1', 'sha256', 'sha384', 'sha512'], OVPN),
    cipher: word(['aes128-cbc', 'aes128-gcm', 'aes192-cbc', 'aes192-gcm', 'aes256-cbc', 'aes256-gcm', 'blowfish128', 'null'], OVPN),
    certificate: CERTIFICATE(OVPN),
    'tls-version': word(TLS_VERSION, OVPN),
    'route-nopull': bool(OVPN),
    'disconnect-notify': bool(OVPN),
  },
  // EoIPv6 (the EoIP menu's own reference page was not found: its arp and loop-protect stay free).
  'interface/eoipv6': {
    arp: word(['disabled', 'enabled', 'local-proxy-arp', 'proxy-arp', 'reply-only'], EOIPV6),
    'loop-protect': word(['default', 'off', 'on'], EOIPV6),
  },
  'interface/mesh': {
    arp: word(['disabled', 'enabled', 'local-proxy-arp', 'proxy-arp', 'reply-only'], MESH),
    'hwmp-default-hoplimit': num(MESH),
    'hwmp-preq-retries': num(MESH),
    'hwmp-rann-propagation-delay': num(MESH),
    'mesh-portal': bool(MESH),
    'hwmp-preq-destination-only': bool(MESH),
    'hwmp-preq-reply-and-forward': bool(MESH),
    'reoptimize-paths': bool(MESH),
  },
};

const integer = (source: string): GenericValueRule => ({ kind: 'integer', min: 0, max: U32, source });

/** Generic link menus (model/generic-menus.ts merges these with model/generic-values.ts's). */
export const TUNNEL_GENERIC_VALUES: Record<string, Record<string, GenericValueRule>> = {
  'interface/lte': { 'sms-protocol': { kind: 'enum', values: ['at', 'auto', 'mbim', 'qmi'], source: LTE } },
  'interface/lte/apn': {
    'default-route-distance': integer(APN),
    'ip-type': { kind: 'enum', values: ['auto', 'ipv4', 'ipv6'], source: APN },
    authentication: { kind: 'enum', values: ['chap', 'none', 'pap'], source: APN },
    // `alt { enum (auto | 32), num [16 .. 32] }`
    'passthrough-subnet-size': { kind: 'integer', min: 16, max: 32, keywords: ['auto'], source: APN },
  },
  'interface/ppp-client': {
    'default-route-distance': integer(PPP_CLIENT),
    'data-channel': integer(PPP_CLIENT),
    'info-channel': integer(PPP_CLIENT),
    'network-mode': { kind: 'enum', values: ['auto', 'lte-m', 'nb-iot'], source: PPP_CLIENT },
  },
  'interface/mesh/port': {
    'path-cost': integer(MESH_PORT),
    'port-type': { kind: 'enum', values: ['WDS', 'auto', 'ethernet', 'wireless'], source: MESH_PORT },
  },
};

/** Yes/no arguments of the generic link menus (`bool` in the CLI reference), merged by model/generic-menus.ts. */
export const TUNNEL_ARG_BOOLS: Record<string, { args: string[]; source: string }> = {
  'interface/lte': { args: ['allow-roaming', 'sms-read'], source: LTE },
  'interface/lte/apn': { args: ['add-default-route', 'use-network-apn', 'use-peer-dns'], source: APN },
  'interface/ppp-client': { args: ['add-default-route', 'null-modem', 'use-peer-dns'], source: PPP_CLIENT },
};

/** The rule's stored form for a curated tunnel menu's argument, or undefined when no rule here covers it. */
export function tunnelValue(key: string, value: string, ctx: ArgContext): string | undefined {
  return TUNNEL_VALUES[ctx.path]?.[key]?.check(key, value, ctx);
}
