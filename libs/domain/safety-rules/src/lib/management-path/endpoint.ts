import { ipv4ToNumber } from './ip-range';
import { bridgeUnder } from './interface-graph';
import { routeFor } from './routes';
import { isTrue, rowsOf, Snapshot } from './snapshot';

export interface ServiceLogin {
  username: string;
  restPort: number;
  sshPort: number;
  /** The SSH login when it differs from the REST one: its user, and whether it authenticates by key. */
  ssh?: { username: string; byKey: boolean };
}

/** One of the service's connections to the device: the `/ip/service` entry and port it uses. */
export interface ServiceTarget {
  kind: 'rest' | 'ssh';
  name: string;
  port: number;
  /** The client's source port of the live connection, when connection tracking shows one. */
  srcPort?: number;
}

/** The service's own path to the device, as the device reveals it (names are `before`'s). */
export interface Endpoint {
  client: string;
  clientIp: number;
  device: string;
  deviceIp: number;
  /** The L3 interface the client's packets arrive on (where its ARP entry, or its gateway's, lives). */
  ingress: string;
  /** The source MAC of the client's frames (the client's, or its gateway's when routed). */
  mac?: string;
  gateway?: string;
  bridge?: string;
  bridgePort?: string;
  /** The VLAN the management traffic lives in on the bridge, and whether the client's frames carry its tag. */
  vlanId?: number;
  tagged?: boolean;
  services: ServiceTarget[];
}

export type Learned = { ok: true; endpoint: Endpoint } | { ok: false; missing: string };

const splitSocket = (text: string | undefined): { ip: string; port: number } | undefined => {
  const at = (text ?? '').lastIndexOf(':');
  if (at < 0) return undefined;
  return { ip: text!.slice(0, at), port: Number(text!.slice(at + 1)) };
};

/** Learns the service's endpoint from what the device shows: its session, connection tracking, ARP, bridge hosts. */
export function learnEndpoint(snap: Snapshot, login: ServiceLogin): Learned {
  const sessions = rowsOf(snap.rows, 'user/active').filter((r) => r['name'] === login.username && r['address']);
  if (sessions.length === 0) return { ok: false, missing: `no session of '${login.username}' with an address in /user/active` };
  const clients = new Set(sessions.map((r) => r['address']));
  const conns = rowsOf(snap.rows, 'ip/firewall/connection')
    .filter((r) => (r['protocol'] ?? 'tcp') === 'tcp' || r['protocol'] === '6')
    .map((r) => ({ src: splitSocket(r['src-address']), dst: splitSocket(r['dst-address']) }))
    .filter((c) => c.src && c.dst && clients.has(c.src.ip)) as Array<{ src: { ip: string; port: number }; dst: { ip: string; port: number } }>;
  const rest = conns.find((c) => c.dst.port === login.restPort);
  if (!rest) return { ok: false, missing: `no connection-tracking entry from ${[...clients].join(', ')} to port ${login.restPort}` };
  const clientIp = ipv4ToNumber(rest.src.ip);
  const deviceIp = ipv4ToNumber(rest.dst.ip);
  if (clientIp === undefined || deviceIp === undefined) return { ok: false, missing: `an IPv4 connection (${rest.src.ip} → ${rest.dst.ip} is not IPv4)` };
  const ssh = conns.find((c) => c.src.ip === rest.src.ip && c.dst.port === login.sshPort);
  const restName = snap.services.get('www-ssl')?.port !== login.restPort && snap.services.get('www')?.port === login.restPort ? 'www' : 'www-ssl';
  const services: ServiceTarget[] = [
    { kind: 'rest', name: restName, port: login.restPort, srcPort: rest.src.port },
    { kind: 'ssh', name: 'ssh', port: login.sshPort, srcPort: ssh?.src.port },
  ];
  const arp = (address: string) => rowsOf(snap.rows, 'ip/arp').find((r) => r['address'] === address && r['interface'] && !isTrue(r['disabled']) && r['complete'] !== 'false');
  let hop = arp(rest.src.ip);
  let gateway: string | undefined;
  if (!hop) {
    // A routed client: the frames come from the gateway the device would answer through.
    const route = routeFor(snap, deviceIp, clientIp);
    if (route.kind === 'route' && route.via) {
      gateway = route.via.split('%')[0];
      hop = arp(gateway);
    }
    if (!hop) return { ok: false, missing: `no ARP entry for ${rest.src.ip} or for a gateway towards it` };
  }
  const endpoint: Endpoint = { client: rest.src.ip, clientIp, device: rest.dst.ip, deviceIp, ingress: hop['interface'], mac: hop['mac-address']?.toUpperCase() || undefined, gateway, services };
  const under = bridgeUnder(snap, endpoint.ingress);
  if (!under) return { ok: true, endpoint };
  const host = rowsOf(snap.rows, 'interface/bridge/host').find((h) => h['mac-address']?.toUpperCase() === endpoint.mac && (!h['bridge'] || h['bridge'] === under.bridge) && !isTrue(h['local']));
  if (!host?.['on-interface']) return { ok: false, missing: `no bridge host entry for ${endpoint.mac ?? 'the client'} on ${under.bridge}` };
  const port = snap.bridgePorts.find((p) => p.interface === host['on-interface'] && p.bridge === under.bridge);
  const bridge = snap.bridges.get(under.bridge)!;
  const vlanId = under.vlanId ?? bridge.pvid;
  // Untagged when the port's PVID is the management VLAN and it admits untagged frames; tagged otherwise.
  const tagged = bridge.vlanFiltering ? !(port && port.pvid === vlanId && port.frameTypes !== 'admit-only-vlan-tagged') : under.vlanId !== undefined;
  return { ok: true, endpoint: { ...endpoint, bridge: under.bridge, bridgePort: host['on-interface'], vlanId, tagged } };
}
