import { pppSeed } from './ppp';
import { loggingSeed } from './logging';
import { ipsecSeed } from './ipsec';
import { snmpSeed } from './snmp';
import { userSettingsSeed } from './password-rules';
import { containerSeed } from './container';
import type { Row } from '../rest/print-query';
import type { DeviceUser, SeedConfig } from './device-state';
import { versionAtLeast } from './values';
import { defaultGroups } from './users';
import { treeFor } from '../schema/menu-schema';
import { servedCertificateRow } from './certificate-x509';

export const PROFILES = ['home', 'edge', 'chr', 'legacy-ap'] as const;
export type ProfileName = (typeof PROFILES)[number];

export interface ProfileInput {
  profile: ProfileName;
  version: string;
  identity: string;
  index: number;
  users: DeviceUser[];
  /** The REST service the fleet serves: `www` (plain HTTP) is enabled instead of `www-ssl`. */
  restService?: 'www-ssl' | 'www';
  /** Extra packages installed beyond the profile's own (the `container` package). */
  packages?: readonly 'container'[];
  /** The certificate and key the device serves over TLS: the seeded `sim-cert` is that certificate. */
  tls?: { certPem: string; keyPem: string };
}

function mac(index: number, port: number): string {
  const bytes = [0x48, 0xa9, 0x8a, (index >> 8) & 0xff, index & 0xff, port];
  return bytes.map((b) => b.toString(16).padStart(2, '0').toUpperCase()).join(':');
}

/**
 * Ethernet ports; `up` lists the ports with a cable in (by name). Their factory settings are every `set` argument
 * the port type has in the version's command tree (copper: cable-settings, mdix; SFP: sfp-*, fec-mode), with the
 * defaults MikroTik documents (Ethernet and Loop Protect manual pages, 7.12+ speed/advertise names).
 */
function ethers(index: number, count: number, sfp: string[] = [], up: string[] = ['ether1', 'ether2']): Row[] {
  const names = [...Array.from({ length: count }, (_, i) => `ether${i + 1}`), ...sfp];
  return names.map((name, port) => {
    const fibre = name.startsWith('sfp');
    return {
      name,
      'default-name': name,
      'mac-address': mac(index, port + 1),
      'orig-mac-address': mac(index, port + 1),
      mtu: '1500',
      l2mtu: fibre ? '1592' : '1514',
      'max-l2mtu': fibre ? '9570' : '9214',
      arp: 'enabled',
      'arp-timeout': 'auto',
      'auto-negotiation': 'true',
      advertise: fibre ? '1G-baseX,10G-baseSR-LR' : '10M-baseT-half,10M-baseT-full,100M-baseT-half,100M-baseT-full,1G-baseT-half,1G-baseT-full',
      speed: fibre ? '10G-baseSR-LR' : '1G-baseT-full',
      'rx-flow-control': 'off',
      'tx-flow-control': 'off',
      'loop-protect': 'default',
      'loop-protect-disable-time': '5m',
      'loop-protect-send-interval': '5s',
      'loop-protect-status': 'off',
      ...(fibre ? { 'sfp-rate-select': 'high', 'sfp-shutdown-temperature': '95', 'sfp-ignore-rx-los': 'false', 'fec-mode': 'auto' } : { 'cable-settings': 'default', 'mdix-enable': 'true' }),
      disabled: 'false',
      comment: '',
      '.builtin': 'true',
      '.link': up.includes(name) ? 'up' : 'down',
    };
  });
}

/** Service rows carry `max-sessions` only where the version's command tree has it (7.20.5 yes, 7.15.3 no). */
function services(version: string, restService: 'www-ssl' | 'www' = 'www-ssl'): Row[] {
  const www = restService === 'www' ? 'false' : 'true';
  const rows: [string, string, string][] = [['telnet', '23', 'true'], ['ftp', '21', 'true'], ['www', '80', www], ['ssh', '22', 'false'], ['www-ssl', '443', restService === 'www-ssl' ? 'false' : 'true'], ['api', '8728', 'true'], ['winbox', '8291', 'false'], ['api-ssl', '8729', 'true']];
  const sessions: Row = treeFor(version)['ip/service']?.set?.includes('max-sessions') ? { 'max-sessions': '20' } : {};
  return rows.map(([name, port, disabled]) => ({ name, port, disabled, address: '', ...sessions, vrf: 'main', ...(name.endsWith('ssl') ? ({ certificate: 'sim-cert', 'tls-version': 'any' } as Row) : {}), '.builtin': 'true' }));
}

function packages(version: string, extra: string[]): Row[] {
  return ['routeros', ...extra].map((name) => ({ name, version, 'build-time': '2025-10-01 09:00:00', scheduled: '', disabled: 'false', '.builtin': 'true' }));
}

/**
 * RouterOS's default configuration ("defconf") for a home router: the WAN and LAN interface lists and the
 * firewall that uses them, in its order (input: established/related/untracked, invalid, ICMP, loopback for
 * CAPsMAN, then drop everything not from LAN).
 */
function defconf(lan: string, wan: string): Record<string, Row[]> {
  const rule = (r: Row): Row => ({ disabled: 'false', log: 'false', 'log-prefix': '', ...r });
  return {
    'interface/list': [...BUILTIN_LISTS, { name: 'WAN', comment: 'defconf', include: '', exclude: '' }, { name: 'LAN', comment: 'defconf', include: '', exclude: '' }],
    'interface/list/member': [
      { list: 'LAN', interface: lan, comment: 'defconf', disabled: 'false' },
      { list: 'WAN', interface: wan, comment: 'defconf', disabled: 'false' },
    ],
    'ip/firewall/filter': ([
      { chain: 'input', action: 'accept', 'connection-state': 'established,related,untracked', comment: 'defconf: accept established,related,untracked' },
      { chain: 'input', action: 'drop', 'connection-state': 'invalid', comment: 'defconf: drop invalid' },
      { chain: 'input', action: 'accept', protocol: 'icmp', comment: 'defconf: accept ICMP' },
      { chain: 'input', action: 'accept', 'dst-address': '127.0.0.1', comment: 'defconf: accept to local loopback (for CAPsMAN)' },
      { chain: 'input', action: 'drop', 'in-interface-list': '!LAN', comment: 'defconf: drop all not coming from LAN' },
      { chain: 'forward', action: 'accept', 'ipsec-policy': 'in,ipsec', comment: 'defconf: accept in ipsec policy' },
      { chain: 'forward', action: 'accept', 'ipsec-policy': 'out,ipsec', comment: 'defconf: accept out ipsec policy' },
      { chain: 'forward', action: 'fasttrack-connection', 'connection-state': 'established,related', 'hw-offload': 'true', comment: 'defconf: fasttrack' },
      { chain: 'forward', action: 'accept', 'connection-state': 'established,related,untracked', comment: 'defconf: accept established,related, untracked' },
      { chain: 'forward', action: 'drop', 'connection-state': 'invalid', comment: 'defconf: drop invalid' },
      { chain: 'forward', action: 'drop', 'connection-state': 'new', 'connection-nat-state': '!dstnat', 'in-interface-list': 'WAN', comment: 'defconf: drop all from WAN not DSTNATed' },
    ] as Row[]).map(rule),
    'ip/firewall/nat': [rule({ chain: 'srcnat', action: 'masquerade', 'out-interface-list': 'WAN', 'ipsec-policy': 'out,none', comment: 'defconf: masquerade' })],
  };
}

/** The interface lists every RouterOS device has built in. */
const BUILTIN_LISTS: Row[] = ['all', 'none', 'dynamic', 'static'].map((name) => ({ name, include: '', exclude: '', comment: '', '.builtin': 'true' }));

function common(input: ProfileInput): Record<string, Row[]> {
  return {
    ...pppSeed(),
    ...loggingSeed(),
    ...ipsecSeed(),
    ...snmpSeed(),
    ...userSettingsSeed(),
    'system/identity': [{ name: input.identity }],
    'system/clock': [{ 'time-zone-name': 'UTC', 'time-zone-autodetect': 'true' }],
    'system/logging': ['info', 'error', 'warning', 'critical'].map((topics) => ({ topics, action: topics === 'critical' ? 'echo' : 'memory', prefix: '', disabled: 'false', '.builtin': 'true' })),
    'system/ntp/client': [{ enabled: 'false', mode: 'unicast', servers: '', vrf: 'main' }],
    'ip/dns': [{ servers: '', 'allow-remote-requests': 'false', 'cache-size': '2048KiB', 'cache-max-ttl': '1w', 'max-udp-packet-size': '4096', 'use-doh-server': '', 'verify-doh-cert': 'false', 'dynamic-servers': '' }],
    'ip/dns/cache': [{ name: 'upgrade.mikrotik.com', type: 'A', data: '159.148.172.205', ttl: '23h59m' }],
    'ip/service': services(input.version, input.restService),
    // The certificate www-ssl and api-ssl use (a self-signed one, as `/certificate add` and `sign` make it): the one
    // the fleet serves, so its fingerprint is the one a client pins.
    certificate: [input.tls ? servedCertificateRow('sim-cert', input.identity, input.tls) : { name: 'sim-cert', 'common-name': input.identity, 'key-type': 'ec', 'key-size': 'prime256v1', 'days-valid': '365', trusted: 'true', 'digest-algorithm': 'sha256', 'private-key': 'true' }],
    // The fleet's users, with their passwords (never printed); the system groups every device has (model/users.ts).
    user: input.users.map((u) => ({ name: u.name, group: u.group, address: '', disabled: 'false', 'last-logged-in': '', password: u.password })),
    'user/group': defaultGroups(),
    log: [
      { time: '00:00:05', topics: 'system,info', message: 'router rebooted' },
      { time: '00:00:07', topics: 'interface,info', message: 'ether1 link up (speed 1G, full duplex)' },
      { time: '00:00:09', topics: 'system,info,account', message: 'user admin logged in from 127.0.0.1 via rest-api' },
    ],
    // The storage disk (the Files manual's 7.16 listing: `name=flash type=disk`, no size) can not be removed.
    file: [{ name: 'flash', type: 'disk', '.builtin': 'true' }],
    'interface/list': BUILTIN_LISTS,
    'routing/table': [{ name: 'main', fib: 'true', disabled: 'false', comment: '', '.builtin': 'true', '.dynamic': 'true' }],
  };
}

function resource(board: string, arch: string, cpu: string, cores: number, memoryMiB: number, diskMiB: number): Row {
  return {
    'architecture-name': arch,
    'board-name': board,
    'build-time': '2025-10-01 09:00:00',
    cpu,
    'cpu-count': String(cores),
    'cpu-frequency': arch === 'x86_64' ? '2400' : '1800',
    'factory-software': '7.1',
    'free-hdd-space': String(Math.floor(diskMiB * 0.8 * 1048576)),
    platform: 'MikroTik',
    'total-hdd-space': String(diskMiB * 1048576),
    'total-memory': String(memoryMiB * 1048576),
    'write-sect-since-reboot': '512',
    'write-sect-total': '18432',
  };
}

const HOME_LEASE = { '.lease-address': '100.71.12.34/22', '.lease-gateway': '100.71.12.1', '.lease-server': '100.71.12.1', '.lease-dns': '192.0.2.53,198.51.100.53', '.lease-time': '1d' };

/** A small home router (hAP ax³ class): bridge, Wi-Fi, DHCP, NAT and the defconf firewall. */
function home(input: ProfileInput): SeedConfig {
  const wifi = versionAtLeast(input.version, '7.13');
  const ports = ethers(input.index, 5);
  return {
    packages: ['routerboard'],
    // The service runs on the laptop behind ether2 and manages the router on its LAN address.
    management: { clientAddress: '192.168.88.254', deviceAddress: '192.168.88.1', clientPort: 'ether2' },
    tables: {
      ...common(input),
      'system/resource': [resource('hAP ax^3', 'arm64', 'ARM64', 4, 1024, 128)],
      'system/routerboard': [{ routerboard: 'true', 'board-name': 'hAP ax^3', model: 'C53UiG+5HPaxD2HPaxD', 'serial-number': `HE${(input.index + 0x4a1).toString(16).toUpperCase()}7Q`, 'firmware-type': 'ipq6000', 'factory-firmware': '7.5', 'current-firmware': input.version, 'upgrade-firmware': input.version }],
      'system/health': [{ name: 'cpu-temperature', value: '44', type: 'C' }],
      'system/package': packages(input.version, wifi ? ['wifi-qcom'] : []),
      'interface/ethernet': ports,
      'interface/bridge': [{ name: 'bridge', comment: 'defconf', 'admin-mac': mac(input.index, 0), 'auto-mac': 'false', disabled: 'false', 'vlan-filtering': 'false', 'protocol-mode': 'rstp', pvid: '1', mtu: 'auto', '.link': 'up' }],
      'interface/wifi': [
        { name: 'wifi1', 'default-name': 'wifi1', 'mac-address': mac(input.index, 10), 'configuration.ssid': 'MikroTik-home', 'configuration.mode': 'ap', 'channel.band': '5ghz-ax', 'security.authentication-types': 'wpa2-psk,wpa3-psk', 'security.passphrase': 'factory-wifi-key', disabled: 'false', '.builtin': 'true', '.link': 'up' },
        { name: 'wifi2', 'default-name': 'wifi2', 'mac-address': mac(input.index, 11), 'configuration.ssid': 'MikroTik-home', 'configuration.mode': 'ap', 'channel.band': '2ghz-ax', 'security.authentication-types': 'wpa2-psk,wpa3-psk', 'security.passphrase': 'factory-wifi-key', disabled: 'false', '.builtin': 'true', '.link': 'up' },
        // Provisioned by this router's CAPsMAN on the cAP in the hallway.
        { name: 'cap-hallway-5g', 'mac-address': 'D4:01:C3:5A:00:10', 'radio-mac': 'D4:01:C3:5A:00:10', 'configuration.ssid': 'MikroTik-home', 'configuration.mode': 'ap', 'channel.band': '5ghz-ax', 'security.authentication-types': 'wpa2-psk,wpa3-psk', 'security.passphrase': 'factory-wifi-key', disabled: 'false', '.dynamic': 'true', '.link': 'up' },
      ],
      'interface/wifi/registration-table': [
        { interface: 'wifi1', 'mac-address': 'A4:83:E7:11:22:33', 'last-ip': '192.168.88.254', '.since': '40', signal: '-52', 'tx-rate': '1200.9Mbps', 'rx-rate': '864.6Mbps', authorized: 'true', ssid: 'MikroTik-home' },
        { interface: 'cap-hallway-5g', 'mac-address': '3C:22:FB:44:55:66', 'last-ip': '192.168.88.243', '.since': '95', signal: '-64', 'tx-rate': '573.5Mbps', 'rx-rate': '458.8Mbps', authorized: 'true', ssid: 'MikroTik-home' },
      ],
      'interface/wifi/capsman': [{ enabled: 'true', interfaces: 'bridge', 'upgrade-policy': 'none', 'package-path': '', 'require-peer-certificate': 'false', certificate: 'none', 'ca-certificate': 'none' }],
      'interface/wifi/capsman/remote-cap': [
        { address: '192.168.88.2', identity: 'cap-hallway', 'board-name': 'cAP ax', version: input.version, state: 'Ok', 'base-mac': 'D4:01:C3:5A:00:0F', serial: 'HG40A1B2C3D', 'common-name': '', '.since': '30' },
      ],
      'interface/bridge/port': ['ether2', 'ether3', 'ether4', 'ether5', 'wifi1', 'wifi2'].map((iface) => ({ bridge: 'bridge', interface: iface, comment: 'defconf', disabled: 'false', pvid: '1', hw: 'true', 'frame-types': 'admit-all' })),
      'ip/address': [{ address: '192.168.88.1/24', interface: 'bridge', network: '192.168.88.0', comment: 'defconf', disabled: 'false' }],
      'ip/pool': [{ name: 'default-dhcp', ranges: '192.168.88.10-192.168.88.254' }],
      'ip/dhcp-server': [{ name: 'defconf', interface: 'bridge', 'address-pool': 'default-dhcp', 'lease-time': '30m', disabled: 'false' }],
      'ip/dhcp-server/network': [{ address: '192.168.88.0/24', gateway: '192.168.88.1', 'dns-server': '192.168.88.1', comment: 'defconf' }],
      'ip/dhcp-server/lease': [{ address: '192.168.88.254', 'mac-address': 'A4:83:E7:11:22:33', 'client-id': '1:a4:83:e7:11:22:33', server: 'defconf', 'host-name': 'laptop', disabled: 'false', '.dynamic': 'true', '.since': '38' }],
      // The ISP's DHCP server leases ether1 an address (RFC 6598 shared space), a default route and two DNS servers.
      'ip/dhcp-client': [{ interface: 'ether1', comment: 'defconf', disabled: 'false', 'add-default-route': 'yes', 'use-peer-dns': 'true', 'use-peer-ntp': 'true', ...HOME_LEASE }],
      'ip/arp': [{ address: '192.168.88.254', interface: 'bridge', 'mac-address': 'A4:83:E7:11:22:33', disabled: 'false', published: 'false' }],
      ...defconf('bridge', 'ether1'),
    },
  };
}

/** An edge router (CCR2004 class): two uplinks, static routes, a management VLAN, a hardened firewall. */
function edge(input: ProfileInput): SeedConfig {
  const n = input.index % 250;
  return {
    packages: ['routerboard'],
    // The NOC reaches the management VLAN through the internal route, and is allowed by the mgmt-allowed list.
    management: { clientAddress: '10.100.250.10', deviceAddress: `10.100.${n}.1` },
    tables: {
      ...common(input),
      'system/resource': [resource('CCR2004-16G-2S+', 'arm64', 'ARM64', 4, 4096, 128)],
      'system/routerboard': [{ routerboard: 'true', 'board-name': 'CCR2004-16G-2S+', model: 'CCR2004-16G-2S+', 'serial-number': `HD${(input.index + 0x9b0).toString(16).toUpperCase()}K2`, 'firmware-type': 'al2', 'factory-firmware': '7.1', 'current-firmware': input.version, 'upgrade-firmware': input.version }],
      'system/health': [
        { name: 'cpu-temperature', value: '51', type: 'C' },
        { name: 'fan1-speed', value: '4380', type: 'RPM' },
        { name: 'psu1-state', value: 'ok', type: '' },
        { name: 'voltage', value: '24.1', type: 'V' },
      ],
      'system/package': packages(input.version, []),
      'system/ntp/client': [{ enabled: 'true', mode: 'unicast', servers: '192.0.2.123,192.0.2.124', vrf: 'main' }],
      'ip/dns': [{ servers: '192.0.2.53,198.51.100.53', 'allow-remote-requests': 'false', 'cache-size': '4096KiB', 'cache-max-ttl': '1w', 'max-udp-packet-size': '4096', 'use-doh-server': '', 'verify-doh-cert': 'false', 'dynamic-servers': '' }],
      'interface/ethernet': ethers(input.index, 16, ['sfp-sfpplus1', 'sfp-sfpplus2'], ['ether1', 'ether16', 'sfp-sfpplus1']),
      'interface/vlan': [{ name: 'vlan100-mgmt', 'vlan-id': '100', interface: 'ether16', mtu: '1500', arp: 'enabled', disabled: 'false', 'use-service-tag': 'no', '.link': 'up' }],
      'ip/address': [
        // /24 hand-offs so every index's gateway (.n+1) lies inside its uplink network and is reachable.
        { address: `203.0.113.${n + 2}/24`, interface: 'sfp-sfpplus1', comment: 'uplink A', disabled: 'false' },
        { address: `198.51.100.${n + 2}/24`, interface: 'ether1', comment: 'uplink B', disabled: 'false' },
        { address: `10.100.${n}.1/24`, interface: 'vlan100-mgmt', comment: 'management', disabled: 'false' },
      ],
      'ip/route': [
        { 'dst-address': '0.0.0.0/0', gateway: `203.0.113.${n + 1}`, distance: '1', comment: 'default via uplink A', disabled: 'false', 'routing-table': 'main', scope: '30', 'target-scope': '10', 'suppress-hw-offload': 'false' },
        { 'dst-address': '0.0.0.0/0', gateway: `198.51.100.${n + 1}`, distance: '2', comment: 'backup via uplink B', disabled: 'false', 'routing-table': 'main', scope: '30', 'target-scope': '10', 'suppress-hw-offload': 'false' },
        { 'dst-address': '10.0.0.0/8', gateway: `10.100.${n}.254`, distance: '1', comment: 'internal', disabled: 'false', 'routing-table': 'main', scope: '30', 'target-scope': '10', 'suppress-hw-offload': 'false' },
      ],
      'ip/firewall/address-list': [
        { list: 'mgmt-allowed', address: '10.100.0.0/16', comment: 'NOC', disabled: 'false', dynamic: 'false' },
        { list: 'mcp-blocklist', address: '192.0.2.66', comment: 'managed by routeros-mcp', disabled: 'false', dynamic: 'false' },
      ],
      'ip/firewall/filter': ([
        { chain: 'input', action: 'accept', 'connection-state': 'established,related', comment: 'accept established' },
        { chain: 'input', action: 'drop', 'connection-state': 'invalid', comment: 'drop invalid' },
        { chain: 'input', action: 'accept', 'src-address-list': 'mgmt-allowed', comment: 'management from NOC' },
        { chain: 'input', action: 'accept', protocol: 'icmp', comment: 'ICMP' },
        { chain: 'input', action: 'drop', 'src-address-list': 'mcp-blocklist', comment: 'blocklist' },
        { chain: 'input', action: 'drop', 'in-interface': 'sfp-sfpplus1', comment: 'drop the rest from uplink A' },
      ] as Row[]).map((r) => ({ disabled: 'false', log: 'false', 'log-prefix': '', ...r })),
      'ip/firewall/mangle': [{ chain: 'forward', action: 'change-mss', 'new-mss': 'clamp-to-pmtu', protocol: 'tcp', 'tcp-flags': 'syn', passthrough: 'yes', comment: 'clamp MSS', disabled: 'false', log: 'false', 'log-prefix': '' }],
      'ip/firewall/nat': [{ chain: 'srcnat', action: 'masquerade', 'out-interface': 'sfp-sfpplus1', comment: 'masquerade uplink A', disabled: 'false', log: 'false', 'log-prefix': '' }],
    },
  };
}

/** A Cloud Hosted Router: one virtual NIC with a DHCP client, no RouterBOARD, no sensors. */
function chr(input: ProfileInput): SeedConfig {
  return {
    packages: [],
    // Reached on the address its DHCP client got, from the hypervisor's gateway.
    management: { clientAddress: '10.0.2.2', deviceAddress: '10.0.2.15' },
    tables: {
      ...common(input),
      'system/resource': [resource('CHR QEMU Standard PC (i440FX + PIIX, 1996)', 'x86_64', 'QEMU', 2, 512, 64)],
      'system/health': [],
      'system/package': packages(input.version, []),
      'interface/ethernet': ethers(input.index, 1),
      // QEMU's user-mode network leases the CHR its address.
      'ip/dhcp-client': [{ interface: 'ether1', disabled: 'false', 'add-default-route': 'yes', 'use-peer-dns': 'true', 'use-peer-ntp': 'true', comment: '', '.lease-address': '10.0.2.15/24', '.lease-gateway': '10.0.2.2', '.lease-server': '10.0.2.2', '.lease-dns': '10.0.2.3', '.lease-time': '1d' }],
    },
  };
}

/** An older access point (hAP ac² class) still on the legacy `wireless` package, with associated clients. */
function legacyAp(input: ProfileInput): SeedConfig {
  const ports = ethers(input.index, 5);
  const wlan = (name: string, port: number, band: string, frequency: string): Row => ({
    name, 'default-name': name, 'mac-address': mac(input.index, port), ssid: 'MikroTik-ac', mode: 'ap-bridge', band, frequency, 'channel-width': band.startsWith('5') ? '20/40/80mhz-XXXX' : '20/40mhz-XX',
    'security-profile': 'default', 'wireless-protocol': '802.11', country: 'etsi', disabled: 'false', comment: '', '.builtin': 'true', '.link': 'up',
  });
  return {
    packages: ['routerboard', 'wireless'],
    management: { clientAddress: '192.168.88.20', deviceAddress: '192.168.88.1', clientPort: 'ether2' },
    tables: {
      ...common(input),
      'system/resource': [resource('hAP ac^2', 'arm', 'ARMv7', 4, 128, 16)],
      'system/routerboard': [{ routerboard: 'true', 'board-name': 'hAP ac^2', model: 'RBD52G-5HacD2HnD', 'serial-number': `D7${(input.index + 0x3c1).toString(16).toUpperCase()}F4`, 'firmware-type': 'ipq4000L', 'factory-firmware': '6.44', 'current-firmware': input.version, 'upgrade-firmware': input.version }],
      'system/health': [{ name: 'voltage', value: '24.0', type: 'V' }, { name: 'temperature', value: '39', type: 'C' }],
      'system/package': packages(input.version, ['wireless']),
      'interface/ethernet': ports,
      'interface/bridge': [{ name: 'bridge', comment: 'defconf', 'admin-mac': mac(input.index, 0), 'auto-mac': 'false', disabled: 'false', 'vlan-filtering': 'false', 'protocol-mode': 'rstp', pvid: '1', mtu: 'auto', '.link': 'up' }],
      'interface/wireless/security-profiles': [
        { name: 'default', mode: 'dynamic-keys', 'authentication-types': 'wpa2-psk', 'unicast-ciphers': 'aes-ccm', 'group-ciphers': 'aes-ccm', 'wpa-pre-shared-key': '', 'wpa2-pre-shared-key': 'factory-ac-key', 'management-protection': 'disabled' },
      ],
      'interface/wireless': [wlan('wlan1', 10, '2ghz-b/g/n', '2412'), wlan('wlan2', 11, '5ghz-a/n/ac', '5180')],
      'interface/wireless/registration-table': [
        { interface: 'wlan2', 'mac-address': 'F0:18:98:AA:BB:01', 'last-ip': '192.168.88.250', '.since': '35', 'signal-strength': '-61@6Mbps', 'tx-rate': '866.6Mbps-80MHz/2S/SGI', 'rx-rate': '780Mbps-80MHz/2S', 'signal-to-noise': '44', ap: 'false', wds: 'false', authenticated: 'true' },
        { interface: 'wlan1', 'mac-address': 'F0:18:98:AA:BB:02', 'last-ip': '192.168.88.251', '.since': '70', 'signal-strength': '-70@1Mbps', 'tx-rate': '144.4Mbps-20MHz/2S/SGI', 'rx-rate': '130Mbps-20MHz/2S', 'signal-to-noise': '35', ap: 'false', wds: 'false', authenticated: 'true' },
      ],
      // It is also the legacy CAPsMAN for a cAP ac in the garden.
      'caps-man/manager': [{ enabled: 'true', 'upgrade-policy': 'none', 'package-path': '', 'require-peer-certificate': 'false', certificate: 'none', 'ca-certificate': 'none' }],
      'caps-man/remote-cap': [
        { name: '[B8:69:F4:C0:01:02]', identity: 'cap-garden', address: 'B8:69:F4:C0:01:02/6', board: 'cAP ac', version: input.version, state: 'Run', radios: '2', 'base-mac': 'B8:69:F4:C0:01:02', 'rx-signal': '' },
      ],
      'caps-man/interface': [
        { name: 'cap-garden-1', 'mac-address': 'B8:69:F4:C0:01:04', 'radio-mac': 'B8:69:F4:C0:01:04', 'radio-name': 'B869F4C00104', 'master-interface': 'none', configuration: 'cfg-ac', 'current-channel': '5180/20-Ceee/ac', 'current-registered-clients': '1', 'current-authorized-clients': '1', inactive: 'false', bound: 'true', disabled: 'false', comment: '', '.dynamic': 'true', '.link': 'up' },
      ],
      'caps-man/registration-table': [
        { interface: 'cap-garden-1', ssid: 'MikroTik-ac', 'mac-address': 'F0:18:98:AA:BB:03', 'rx-signal': '-67', '.since': '120', 'tx-rate': '433.3Mbps-80MHz/1S/SGI', 'rx-rate': '390Mbps-80MHz/1S', 'eap-identity': '', comment: '' },
      ],
      'interface/bridge/port': ['ether2', 'ether3', 'ether4', 'ether5', 'wlan1', 'wlan2'].map((iface) => ({ bridge: 'bridge', interface: iface, comment: 'defconf', disabled: 'false', pvid: '1', hw: 'true', 'frame-types': 'admit-all' })),
      'ip/address': [{ address: '192.168.88.1/24', interface: 'bridge', network: '192.168.88.0', comment: 'defconf', disabled: 'false' }],
      // The ISP's DHCP server leases ether1 an address (RFC 6598 shared space), a default route and two DNS servers.
      'ip/dhcp-client': [{ interface: 'ether1', comment: 'defconf', disabled: 'false', 'add-default-route': 'yes', 'use-peer-dns': 'true', 'use-peer-ntp': 'true', ...HOME_LEASE }],
      ...defconf('bridge', 'ether1'),
    },
  };
}

export function seedConfig(input: ProfileInput): SeedConfig {
  const config = profileSeed(input);
  if (!input.packages?.includes('container')) return config;
  // The container package: its menus (model/container.ts) and its row in /system/package.
  const seed = containerSeed(input.version);
  return {
    ...config,
    packages: [...config.packages, 'container'],
    tables: { ...config.tables, 'container/config': seed['container/config'], 'system/package': [...(config.tables['system/package'] ?? []), ...seed['system/package']] },
  };
}

function profileSeed(input: ProfileInput): SeedConfig {
  switch (input.profile) {
    case 'home':
      return home(input);
    case 'edge':
      return edge(input);
    case 'chr':
      return chr(input);
    case 'legacy-ap':
      return legacyAp(input);
  }
}
