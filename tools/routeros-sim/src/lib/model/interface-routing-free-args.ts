import type { FreeArgTable } from './free-args';

/**
 * Why the `/interface`, `/routing` and `/mpls` arguments still taken as free text are not checked (model/free-args.ts).
 * Most decisions were made when the menus were typed from MikroTik's CLI reference and are written in
 * docs/simulator.md (the "Left free, and why" lists of the bridge/tunnel, interface, wifi and routing sections);
 * the reasons below repeat them short, each naming its evidence. `CLI` pages are
 * https://manual.mikrotik.com/docs/cli-reference/<page>.
 */

// The PPP family (docs/simulator.md, values of the bridge and tunnel menus, and of the PPP servers).
const MAX_MTU = 'CLI reference types it `num` with no range while RouterOS takes `auto` on the clients (CLI interface/<menu>.md); left free as decided for the whole PPP family';
const KEEPALIVE_DISABLED = 'CLI reference types it only `enum (disabled)` while exports write seconds (`60`, `10`); left free as decided for the PPP family';
const KEEPALIVE_NUM = 'CLI reference types it `num` while the clients\' exports write seconds and `disabled`; left free as decided for the PPP family';
const SERVER_KEEPALIVE = 'the server pages omit the `disabled` exports show (L2TP, PPTP, SSTP) or type it `integer` while the L2TP client defaults to `60s` (OpenVPN); left free as decided for the PPP servers';
const PPP_MRRU = 'CLI reference types it `num`, the other PPP pages add `disabled`; left free with the PPP client\'s max-mtu/max-mru as decided for the PPP family';
const USE_IPSEC = 'CLI reference types it `bool` while RouterOS writes `required` (interface/l2tp-client.md)';
const NO_PPPOE_PAGE = 'no CLI reference page for /interface/pppoe-client was found';
const SERIAL_PORT = 'a reference to the device\'s serial ports (a bare `enum` in the CLI reference), which the simulator does not model';

// Bridge firewall matchers (docs/simulator.md, values of the bridge and tunnel menus).
const MAC_PROTOCOL = 'CLI reference lists only `length` or a number, while exports write `ip`, `arp`, `vlan`, `ipv6` (interface/bridge/filter.md)';
const IP_PROTOCOL = 'CLI reference gives a bare `enum ()` of protocol names with no list (interface/bridge/filter.md)';
const LIMIT = 'a rate whose v7 suffixes the CLI reference does not give (interface/bridge/filter.md)';
const NEW_PRIORITY = 'CLI reference types it `num`, the Bridging page adds `from-ingress`';

// Wifi (docs/simulator.md, values of the wifi menus).
const RESELECT_TIME = 'CLI reference types it a time interval, its examples are clock times (interface/wifi/channel.md)';
const COUNTRY = 'a country name; the CLI reference gives no list (interface/wifi/configuration.md)';
const DISTANCE = 'the configuration page lists the legacy CAPsMAN `distance` type beside wifi\'s `num` (interface/wifi/configuration.md)';
const TRAFFIC_PROCESSING = 'the WiFi page lists `on-cap`, `on-capsman`, `on-capsman-secure` from 7.21beta2, while 7.20.5 has the argument with words no page gives';
const AUTH_TYPES = 'a composite list no rule kind describes (interface/wifi/interworking.md)';
const VENUE = 'CLI reference gives examples of venues, no list (interface/wifi/interworking.md)';
const MULTI_PASSPHRASE_GROUP = 'CLI reference types it a bare `enum` (groups that multi-passphrase rows name); whether RouterOS refuses a group no row names yet is not written (interface/wifi/security.md)';

// Routing (docs/simulator.md, values of the routing menus).
const ISIS_TIMER = 'CLI reference types IS-IS intervals and ages `num` while it types RIP\'s `update-interval` `num` where the RIP page says `time`; no export settles num or time';
const ISIS_STATUS = 'IS-IS interfaces are rows RouterOS makes from the interface templates; their instance and interface are its own';
const ISIS_LSP = 'status menu: LSPs are learnt from neighbours, the values are the device\'s own (routing/isis/lsp)';
const ISIS_NEIGHBOR = 'status menu: neighbours are learnt, the values are the device\'s own (routing/isis/neighbor)';
const ROUTE_RULE = 'no CLI reference page for /routing/route/rule was found; left free as before';
const AFI = 'CLI reference says `ip | ipv6` while the RIP and PIM-SM pages say `ipv4 | ipv6`';
const LIMIT_ROUTES = 'CLI reference lists `10 | 100 | … | 10000000` while exports write `3000000` (routing/bgp/connection.md)';
const ADD_PATH_OUT = 'not in the CLI reference (routing/bgp/connection.md, template.md)';
const SELECT_RULE = 'CLI reference types it `super { prop: enum (…), [chain|compare] >enum }`, a composite whose written form (separator) it does not give (routing/filter/select-rule.md)';

export const INTERFACE_ROUTING_FREE_ARGS: FreeArgTable = {
  'interface/bridge/calea': { 'ip-protocol': IP_PROTOCOL, limit: LIMIT, 'mac-protocol': MAC_PROTOCOL, 'vlan-encap': MAC_PROTOCOL },
  'interface/bridge/filter': { 'ip-protocol': IP_PROTOCOL, limit: LIMIT, 'mac-protocol': MAC_PROTOCOL, 'new-priority': NEW_PRIORITY, 'vlan-encap': MAC_PROTOCOL },
  'interface/bridge/nat': { 'ip-protocol': IP_PROTOCOL, limit: LIMIT, 'mac-protocol': MAC_PROTOCOL, 'new-priority': NEW_PRIORITY, 'vlan-encap': MAC_PROTOCOL },
  'interface/bridge/mdb': { interface: 'a list of interfaces no generic rule kind describes (interface/bridge/mdb.md)' },
  'interface/bridge/port-controller': { switch: 'a reference to the device\'s switch chips, which the simulator does not model; no CLI reference page found' },
  'interface/bridge/port-extender': { switch: 'a reference to the device\'s switch chips, which the simulator does not model; no CLI reference page found' },
  'interface/eoip': {
    arp: 'the menu\'s own CLI reference page was not found; the EoIP page lists `disabled|enabled|proxy-arp|reply-only` while interface/eoipv6.md and the other interfaces add `local-proxy-arp`',
    'loop-protect': 'the menu\'s own CLI reference page was not found (only the EoIP guide and interface/eoipv6.md)',
  },
  'interface/eoipv6': { 'remote-address': 'CLI reference types it `address (flags=6Dvi)`, whose `D` and `v` flags it does not explain (interface/eoipv6.md)' },
  'interface/gre6': { 'remote-address': 'no CLI reference page for /interface/gre6 was found (guide pages only)' },
  'interface/ipipv6': { 'remote-address': 'no CLI reference page for /interface/ipipv6 was found (guide pages only)' },
  'interface/ethernet': { advertise: 'CLI reference types it `multi { array-id }`, naming no words (interface/ethernet.md)' },
  'interface/l2tp-client': { 'keepalive-timeout': KEEPALIVE_DISABLED, 'max-mru': MAX_MTU, 'max-mtu': MAX_MTU, 'use-ipsec': USE_IPSEC },
  'interface/l2tp-ether': { 'use-ipsec': 'CLI reference types it `bool`, as the L2TP client\'s, whose exports write `required`' },
  'interface/l2tp-server/server': { 'keepalive-timeout': SERVER_KEEPALIVE, 'max-mru': MAX_MTU, 'max-mtu': MAX_MTU },
  'interface/lte': {
    'apn-profiles': 'CLI reference marks it deprecated (a bare `enum` of APN profiles, replaced by `apn-profile`) (interface/lte.md)',
    band: 'CLI reference types it `multi { array-id, band: enum }`, naming no bands (interface/lte.md)',
    mtu: 'left to the curated interface `mtu` rule, as decided for LTE (docs/simulator.md); the CLI reference types it a bare `num` (interface/lte.md)',
    'network-mode': 'CLI reference types it `multi { array-id, network: enum }`, naming no modes (interface/lte.md)',
    'nr-band': 'CLI reference types it `multi { array-id, nr-band: enum }`, naming no bands (interface/lte.md)',
  },
  'interface/macsec': { profile: 'RouterOS\'s built-in `default` MACsec profile is not a row here, so a reference check would refuse it' },
  'interface/mesh/port': { mesh: 'a mesh interface by name; left free as decided for the mesh port (docs/simulator.md)' },
  'interface/ovpn-client': { 'max-mtu': MAX_MTU },
  'interface/ovpn-server/server': { 'keepalive-timeout': SERVER_KEEPALIVE, 'max-mtu': MAX_MTU },
  'interface/ppp-client': { 'keepalive-timeout': KEEPALIVE_NUM, 'max-mru': MAX_MTU, 'max-mtu': MAX_MTU, mrru: PPP_MRRU, port: SERIAL_PORT },
  'interface/ppp-server': { 'max-mru': MAX_MTU, 'max-mtu': MAX_MTU, mrru: PPP_MRRU, port: SERIAL_PORT },
  'interface/pppoe-client': {
    'keepalive-timeout': `${NO_PPPOE_PAGE}; the PPPoE page types it \`integer\` yet describes \`keepalive-timeout=disabled\`, as decided for the PPP family`,
    'max-mru': `${NO_PPPOE_PAGE}; the PPPoE page types it \`integer\` (default 1492) while its own print shows \`max-mru=auto\``,
    'max-mtu': `${NO_PPPOE_PAGE}; the PPPoE page types it \`integer\` (default 1492) while its own print shows \`max-mtu=auto\``,
    'use-peer-dns': `${NO_PPPOE_PAGE}; the PPPoE page says \`yes|no\` while every other dial-out client's reference adds \`exclusively\``,
  },
  'interface/pppoe-server/server': { 'max-mru': MAX_MTU, 'max-mtu': MAX_MTU, 'max-sessions': 'the PPPoE server page types it `integer` while exports write `unlimited`' },
  'interface/pptp-client': {
    'keepalive-timeout': KEEPALIVE_DISABLED,
    'max-mru': MAX_MTU,
    'max-mtu': MAX_MTU,
  },
  'interface/pptp-server/server': { 'keepalive-timeout': SERVER_KEEPALIVE, 'max-mru': MAX_MTU, 'max-mtu': MAX_MTU },
  'interface/sstp-client': { 'keepalive-timeout': KEEPALIVE_DISABLED, 'max-mru': MAX_MTU, 'max-mtu': MAX_MTU },
  'interface/sstp-server/server': { 'keepalive-timeout': SERVER_KEEPALIVE, 'max-mru': MAX_MTU, 'max-mtu': MAX_MTU },
  'interface/wifi': {
    'channel.reselect-time': RESELECT_TIME,
    'configuration.country': COUNTRY,
    'configuration.distance': DISTANCE,
    'datapath.traffic-processing': TRAFFIC_PROCESSING,
    'interworking.authentication-types': AUTH_TYPES,
    'interworking.connection-capabilities': AUTH_TYPES,
    'interworking.operational-classes': AUTH_TYPES,
    'interworking.venue': VENUE,
    'security.multi-passphrase-group': MULTI_PASSPHRASE_GROUP,
  },
  'interface/wifi/access-list': {
    'multi-passphrase-group': MULTI_PASSPHRASE_GROUP,
    'signal-range': '`min..max` of negative numbers, a form no rule kind here describes (interface/wifi/access-list.md)',
  },
  'interface/wifi/capsman': {
    certificate: 'CLI reference lists only `auto` while the factory value is `none` (interface/wifi/capsman.md)',
    interfaces: 'interfaces and interface lists by name, left free with the CAPsMAN certificate (docs/simulator.md)',
  },
  'interface/wifi/channel': { 'reselect-time': RESELECT_TIME },
  'interface/wifi/configuration': {
    'channel.reselect-time': RESELECT_TIME,
    country: COUNTRY,
    'datapath.traffic-processing': TRAFFIC_PROCESSING,
    distance: DISTANCE,
    'interworking.authentication-types': AUTH_TYPES,
    'interworking.connection-capabilities': AUTH_TYPES,
    'interworking.operational-classes': AUTH_TYPES,
    'interworking.venue': VENUE,
    'security.multi-passphrase-group': MULTI_PASSPHRASE_GROUP,
  },
  'interface/wifi/datapath': { 'traffic-processing': TRAFFIC_PROCESSING },
  'interface/wifi/interworking': {
    'authentication-types': AUTH_TYPES,
    'connection-capabilities': AUTH_TYPES,
    'operational-classes': AUTH_TYPES,
    venue: VENUE,
  },
  'interface/wifi/provisioning': { 'supported-bands': 'CLI reference types it `enum ()`, naming no bands (interface/wifi/provisioning.md)' },
  'interface/wifi/radio/settings': {
    'external-antenna': 'no CLI reference page for /interface/wifi/radio/settings was found',
    'wifi-band': 'no CLI reference page for /interface/wifi/radio/settings was found',
  },
  'interface/wifi/security': { 'multi-passphrase-group': MULTI_PASSPHRASE_GROUP },
  'interface/wifi/security/multi-passphrase': { expires: 'a date and time whose written form the CLI reference does not give (interface/wifi/security/multi-passphrase.md)' },
  'mpls/ldp/neighbor': { transport: 'CLI reference types it `address (flags=46vi)`, whose `v` it does not explain (mpls/ldp/neighbor.md)' },
  'mpls/mangle': { 'set-mark': 'CLI reference types it a bare `enum`, not saying of what (mpls/mangle.md)' },
  'mpls/traffic-eng/tunnel': { 'auto-bandwidth-range': 'a `min`/`max` composite whose written form the CLI reference does not give (mpls/traffic-eng/tunnel.md)' },
  'routing/bgp/connection': { 'add-path-out': ADD_PATH_OUT, 'input.limit-process-routes-ipv4': LIMIT_ROUTES, 'input.limit-process-routes-ipv6': LIMIT_ROUTES },
  'routing/bgp/template': { 'add-path-out': ADD_PATH_OUT, 'input.limit-process-routes-ipv4': LIMIT_ROUTES, 'input.limit-process-routes-ipv6': LIMIT_ROUTES },
  'routing/bgp/evpn': { vni: 'CLI reference types it `object { range: range }`, a composite whose written form it does not give (routing/bgp/evpn.md)' },
  'routing/fantasy': {
    'dst-address': 'CLI reference types it `address (flags=46it/)`, flags it does not explain (routing/fantasy.md)',
    gateway: 'CLI reference types it `address (flags=46iv/)`, flags it does not explain (routing/fantasy.md)',
  },
  'routing/filter/select-rule': { 'do-group-num': SELECT_RULE, 'do-group-prfx': SELECT_RULE, 'do-select-num': SELECT_RULE, 'do-select-prfx': SELECT_RULE },
  'routing/isis/instance': {
    'l1.lsp-max-age': ISIS_TIMER,
    'l1.lsp-refresh-interval': ISIS_TIMER,
    'l1.lsp-update-interval': ISIS_TIMER,
    'l2.lsp-max-age': ISIS_TIMER,
    'l2.lsp-update-interval': ISIS_TIMER,
  },
  'routing/isis/interface': {
    'hello-interval': ISIS_TIMER,
    instance: ISIS_STATUS,
    interface: ISIS_STATUS,
    'l1.csnp-interval': ISIS_TIMER,
    'l1.hello-dr-interval': ISIS_TIMER,
    'l1.hello-interval': ISIS_TIMER,
    'l1.psnp-interval': ISIS_TIMER,
    'l2.csnp-interval': ISIS_TIMER,
    'l2.hello-dr-interval': ISIS_TIMER,
    'l2.hello-interval': ISIS_TIMER,
    'l2.psnp-interval': ISIS_TIMER,
  },
  'routing/isis/interface-template': {
    'bcast.l1.csnp-interval': ISIS_TIMER,
    'bcast.l1.hello-interval': ISIS_TIMER,
    'bcast.l1.hello-interval-dr': ISIS_TIMER,
    'bcast.l1.psnp-interval': ISIS_TIMER,
    'bcast.l2.csnp-interval': ISIS_TIMER,
    'bcast.l2.hello-interval': ISIS_TIMER,
    'bcast.l2.hello-interval-dr': ISIS_TIMER,
    'bcast.l2.psnp-interval': ISIS_TIMER,
    'ptp.hello-interval': ISIS_TIMER,
    'ptp.l1.csnp-interval': ISIS_TIMER,
    'ptp.l1.psnp-interval': ISIS_TIMER,
    'ptp.l2.csnp-interval': ISIS_TIMER,
    'ptp.l2.psnp-interval': ISIS_TIMER,
  },
  'routing/isis/lsp': { age: ISIS_LSP, instance: ISIS_LSP },
  'routing/isis/neighbor': { instance: ISIS_NEIGHBOR, interface: ISIS_NEIGHBOR },
  'routing/pimsm/bsr/rp-candidate': { holdtime: 'CLI reference types it `num` though named as a time, as the IS-IS timers; no export settles num or time' },
  'routing/pimsm/instance': { afi: AFI },
  'routing/rip/instance': {
    afi: AFI,
    'route-gc-timeout': 'CLI reference types it `num` while the RIP page gives no type and its `update-interval` is a `time`; no export settles num or time',
    'route-timeout': 'CLI reference types it `num` while the RIP page gives no type and its `update-interval` is a `time`; no export settles num or time',
  },
  'routing/rip/keys': { 'valid-from': 'a date whose written form the CLI reference does not give (routing/rip.md)', 'valid-till': 'a date whose written form the CLI reference does not give (routing/rip.md)' },
  'routing/route/rule': { 'dst-address': ROUTE_RULE, interface: ROUTE_RULE, 'routing-mark': ROUTE_RULE, 'src-address': ROUTE_RULE, table: ROUTE_RULE },
  'routing/rule': { 'routing-mark': 'CLI reference types it a bare `enum`, not saying of what (routing/rule.md); left free with the firewall\'s routing marks' },
};
