import ipaddr from 'ipaddr.js';
import type { Row } from '../rest/print-query';
import type { ReadContext } from './menu-spec';
import { noise } from './values';

/**
 * The flows torch sees on an interface: who talks to whom, over which protocol and ports, and each flow's share of
 * the interface's traffic (its rates come from model/interface-traffic.ts). Chosen without a source
 * (docs/simulator.md): torch shows whatever the real traffic is, which the simulator has only as rates, so each
 * interface carries a fixed home/office mix: web over TCP and QUIC, DNS, NTP, a ping, IPv6 and ARP. The shares of
 * the protocol classes are those torch printed before flows were modelled (TCP 62%, UDP 30%, ICMP 2%, IPv6 5%, ARP 1%).
 */
export interface TorchFlow {
  'mac-protocol': string;
  'ip-protocol': string;
  'src-address': string;
  'dst-address': string;
  'src-port': string;
  'dst-port': string;
  share: number;
}

interface Template {
  mac: 'ip' | 'ipv6' | 'arp';
  ip: string;
  host: number;
  remote: string;
  port: number;
  share: number;
}

const TEMPLATES: Template[] = [
  { mac: 'ip', ip: 'tcp', host: 0, remote: '142.250.74.78', port: 443, share: 0.3 },
  { mac: 'ip', ip: 'tcp', host: 1, remote: '104.16.132.229', port: 443, share: 0.2 },
  { mac: 'ip', ip: 'tcp', host: 0, remote: '151.101.1.69', port: 80, share: 0.12 },
  { mac: 'ip', ip: 'udp', host: 2, remote: '172.217.16.142', port: 443, share: 0.24 },
  { mac: 'ip', ip: 'udp', host: 1, remote: '8.8.8.8', port: 53, share: 0.04 },
  { mac: 'ip', ip: 'udp', host: 0, remote: '162.159.200.1', port: 123, share: 0.02 },
  { mac: 'ip', ip: 'icmp', host: 2, remote: '1.1.1.1', port: 0, share: 0.02 },
  { mac: 'ipv6', ip: 'udp', host: 0, remote: '2606:4700:4700::1111', port: 443, share: 0.05 },
  { mac: 'arp', ip: '', host: 0, remote: '', port: 0, share: 0.01 },
];

const ipv4Network = (cidr: string | undefined) => {
  const [address, bits] = (cidr ?? '').split('/');
  return ipaddr.IPv4.isValidFourPartDecimal(address) ? { address, bits: Number(bits ?? 32) } : undefined;
};

/** The interface's IPv4 network: its own address, its bridge's, its DHCP lease's; else the device's first one. */
function networkOf(iface: string, ctx: ReadContext): { address: string; bits: number; via: string } {
  const bridge = ctx.rowsOf('interface/bridge/port').find((p) => p['interface'] === iface)?.['bridge'];
  const addresses = ctx.rowsOf('ip/address').filter((a) => a['disabled'] !== 'true');
  for (const name of [iface, bridge]) {
    const own = addresses.find((a) => a['interface'] === name) ?? ctx.rowsOf('ip/dhcp-client').find((c) => c['interface'] === name && c['.lease-address']);
    const net = ipv4Network(own?.['address'] ?? own?.['.lease-address']);
    if (net && name) return { ...net, via: name };
  }
  const first = ipv4Network(addresses[0]?.['address']);
  return first ? { ...first, via: addresses[0]['interface'] } : { address: '192.168.88.1', bits: 24, via: iface };
}

/** Hosts behind the interface: its DHCP server's leases and a few more on a LAN; the router itself (NAT) on an uplink. */
function hostsOf(iface: string, ctx: ReadContext): string[] {
  const net = networkOf(iface, ctx);
  const served = ctx.rowsOf('ip/dhcp-server').some((s) => s['interface'] === net.via && s['disabled'] !== 'true');
  if (!served) return [net.address];
  const inside = (a: string) => ipaddr.IPv4.isValidFourPartDecimal(a) && ipaddr.parse(a).match(ipaddr.parse(net.address), net.bits);
  const leases = ctx.rowsOf('ip/dhcp-server/lease').map((l) => l['address']).filter(inside);
  const base = ipaddr.IPv4.networkAddressFromCIDR(`${net.address}/${net.bits}`).toByteArray();
  const made = [10, 11, 12].map((n) => [...base.slice(0, 3), base[3] + n].join('.'));
  return [...new Set([...leases, ...made])];
}

/** Every flow on the interface, shares jittered per device and interface (a fixed mix that still differs between devices). */
export function torchFlows(iface: Row, ctx: ReadContext): TorchFlow[] {
  const hosts = hostsOf(iface['name'], ctx);
  const v6 = ctx.rowsOf('ipv6/address').find((a) => a['interface'] === iface['name'] && !String(a['address']).startsWith('fe80'))?.['address']?.split('/')[0] ?? 'fe80::1';
  return TEMPLATES.map((t, i) => {
    const host = t.mac === 'ipv6' ? v6 : t.mac === 'arp' ? '' : hosts[t.host % hosts.length];
    const ephemeral = t.port === 0 ? '' : String(49152 + Math.floor(noise(ctx.seed, `torch:${iface['name']}:${i}:port`, 0) * 16000));
    return {
      'mac-protocol': t.mac,
      'ip-protocol': t.ip,
      'src-address': host,
      'dst-address': t.remote,
      'src-port': ephemeral,
      'dst-port': t.port === 0 ? '' : String(t.port),
      share: t.share * (0.9 + noise(ctx.seed, `torch:${iface['name']}:${i}`, 0) * 0.2),
    };
  });
}
