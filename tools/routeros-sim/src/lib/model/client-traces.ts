import type { Row } from '../rest/print-query';
import type { DeviceState } from './device-state';
import { addressIn, ServiceName } from './management-path';
import { formatId, noise } from './values';
import { registrationMenu } from './wireless-association';

/** A logged-in session of the managing service: one REST request in flight, or one SSH connection. */
export interface TraceSession {
  user: string;
  group: string;
  /** As `/user/active` names the service (RouterOS says `rest-api` for REST and `ssh` for SSH). */
  via: 'rest-api' | 'ssh';
  service: ServiceName;
  /** The client's TCP source port (loopback's real ephemeral port stands for the one the device would see). */
  remotePort: number;
  /** Ends the session (`/user active remove`, `request-logout`): the SSH connection or REST request is closed. */
  end?: () => void;
}

interface Live extends TraceSession {
  id: number;
  since: number;
  /** The device port the connection was opened to. */
  port: string;
}

/** Menus whose rows this derives; `ip/arp` rows (and a radio's registrations) are added to the configured ones. */
export const TRACE_MENUS = ['user/active', 'ip/firewall/connection', 'ip/arp', 'interface/bridge/host'] as const;

const SERVICE_PORTS: Record<ServiceName, string> = { 'www-ssl': '443', www: '80', ssh: '22' };
const enabled = (row: Row) => row['disabled'] !== 'true';

/** A locally administered MAC that stays the same for a device and an address. */
function derivedMac(seed: number, key: string): string {
  const bytes = [0x02, ...Array.from({ length: 5 }, (_, i) => Math.floor(noise(seed, key, i) * 256))];
  return bytes.map((b) => b.toString(16).padStart(2, '0').toUpperCase()).join(':');
}

function dateTime(ms: number): string {
  return new Date(ms).toISOString().replace('T', ' ').slice(0, 19);
}

/**
 * What a router shows about who manages it, derived from the live sessions and the management path
 * (`ManagementPath`): the sessions in `/user/active`, their TCP connections in connection tracking, the
 * client's (or its gateway's) MAC in the ARP table, and the bridge port it was learnt on in the host table.
 * All rows are dynamic and read-only, as on a device; the product learns its own path from them.
 */
export class ClientTraces {
  private readonly live = new Map<number, Live>();
  private next = 1;

  constructor(
    private readonly state: DeviceState,
    private readonly now: () => number = Date.now,
  ) {}

  /** Registers a session until `close()`. */
  open(session: TraceSession): { close(): void } {
    const id = this.next++;
    const port = this.rowsOf('ip/service').find((r) => r['name'] === session.service)?.['port'] ?? SERVICE_PORTS[session.service];
    this.live.set(id, { ...session, id, since: this.now(), port });
    return { close: () => void this.live.delete(id) };
  }

  /** Ends the session a `/user/active` row shows (its `.id`); false when there is none. */
  end(id: string): boolean {
    const session = [...this.live.values()].find((s) => formatId(0x100 + s.id) === id);
    session?.end?.();
    return !!session;
  }

  /** Rows of `path`, or none for a menu this does not derive. */
  rows(path: string): Row[] {
    // Deriving reads other menus (and the configured ARP entries): those reads get the configuration alone.
    if (this.deriving) return [];
    this.deriving = true;
    try {
      return this.derive(path);
    } finally {
      this.deriving = false;
    }
  }

  private deriving = false;

  private rowsOf(path: string): Row[] {
    return this.state.readContext().rowsOf(path);
  }

  private derive(path: string): Row[] {
    switch (path) {
      case 'user/active':
        return this.activeUsers();
      case 'ip/firewall/connection':
        return this.connections();
      case 'ip/arp':
        return this.neighbours();
      case 'interface/bridge/host':
        return this.bridgeHosts();
      default:
        return this.registrations(path);
    }
  }

  private activeUsers(): Row[] {
    const { clientAddress } = this.state.management;
    return [...this.live.values()].map((s) => ({
      '.id': formatId(0x100 + s.id), '.dynamic': 'true', dynamic: 'true', when: dateTime(s.since), name: s.user, address: clientAddress, via: s.via, group: s.group, radius: 'false',
    }));
  }

  /** One entry per TCP connection (a kept-alive REST connection carries several requests). */
  private connections(): Row[] {
    const { clientAddress, deviceAddress } = this.state.management;
    const byConnection = new Map<string, Live>();
    for (const s of this.live.values()) byConnection.set(`${s.service}:${s.remotePort}`, byConnection.get(`${s.service}:${s.remotePort}`) ?? s);
    return [...byConnection.values()].map((s) => {
      const seconds = Math.max(1, Math.floor((this.now() - s.since) / 1000));
      const src = `${clientAddress}:${s.remotePort}`;
      const dst = `${deviceAddress}:${s.port}`;
      return {
        '.id': formatId(0x1000 + s.id), '.dynamic': 'true', dynamic: 'true', protocol: 'tcp', 'src-address': src, 'dst-address': dst, 'reply-src-address': dst, 'reply-dst-address': src,
        'tcp-state': 'established', timeout: '23h59m59s', 'connection-type': '', 'connection-mark': '', assured: 'true', confirmed: 'true', 'seen-reply': 'true',
        fasttrack: 'false', srcnat: 'false', dstnat: 'false', dying: 'false', expected: 'false',
        'orig-packets': String(seconds * 6), 'orig-bytes': String(seconds * 900), 'repl-packets': String(seconds * 5), 'repl-bytes': String(seconds * 2400), 'orig-rate': '0bps', 'repl-rate': '0bps',
      };
    });
  }

  /** The device address's row, interface and whether the client is on its subnet. */
  private local(): { iface: string; cidr: string; onLink: boolean } | undefined {
    const { clientAddress, deviceAddress } = this.state.management;
    const row = this.rowsOf('ip/address').find((a) => enabled(a) && (a['address'] ?? '').split('/')[0] === deviceAddress);
    if (!row) return undefined;
    const cidr = `${row['network'] ?? deviceAddress}/${(row['address'] ?? '').split('/')[1] ?? '32'}`;
    return { iface: row['interface'] ?? '', cidr, onLink: addressIn(clientAddress, cidr) };
  }

  /** The neighbour the client's packets come from: the client itself when on-link, else its gateway. */
  private neighbour(): { address: string; mac: string; iface: string; dhcp: boolean } | undefined {
    const local = this.local();
    if (!local) return undefined;
    const { clientAddress } = this.state.management;
    let address = clientAddress;
    if (!local.onLink) {
      const gateway = this
        .rowsOf('ip/route')
        .filter((r) => enabled(r) && r['.dynamic'] !== 'true' && addressIn(clientAddress, r['dst-address'] ?? '0.0.0.0/0') && addressIn(r['gateway'] ?? '', local.cidr))
        .sort((a, b) => Number((b['dst-address'] ?? '/0').split('/')[1]) - Number((a['dst-address'] ?? '/0').split('/')[1]))[0];
      if (!gateway) return undefined;
      address = gateway['gateway']!;
    }
    const lease = this.rowsOf('ip/dhcp-server/lease').find((l) => l['address'] === address && l['mac-address']);
    return { address, mac: lease?.['mac-address'] ?? derivedMac(this.state.seed, address), iface: local.iface, dhcp: !!lease };
  }

  private neighbours(): Row[] {
    const n = this.neighbour();
    // A static entry for the address already says where it is; the device learns no dynamic one beside it.
    if (!n || this.rowsOf('ip/arp').some((a) => a['.dynamic'] !== 'true' && a['address'] === n.address)) return [];
    return [{ '.id': formatId(0x80f00000), '.dynamic': 'true', address: n.address, 'mac-address': n.mac, interface: n.iface, published: 'false', disabled: 'false', '.dhcp': String(n.dhcp), status: 'reachable' }];
  }

  /**
   * The client on Wi-Fi in the registration table of its radio's stack (a CAPsMAN manager lists the clients of its
   * CAPs' radios too), while the radio is there and enabled.
   */
  private registrations(path: string): Row[] {
    const radio = this.state.clientRadio;
    const n = this.neighbour();
    if (!radio || !n || registrationMenu((p) => this.rowsOf(p), radio) !== path) return [];
    if (this.rowsOf(path).some((r) => r['interface'] === radio && r['mac-address']?.toUpperCase() === n.mac.toUpperCase())) return [];
    const row = this.rowsOf('interface').find((i) => i['name'] === radio);
    if (!row || !enabled(row)) return [];
    return [{ '.id': formatId(0x300), '.dynamic': 'true', interface: radio, 'mac-address': n.mac, 'last-ip': this.state.management.clientAddress, authorized: 'true', signal: '-58', '.since': '0' }];
  }

  /** The client's MAC on the port it sits behind, plus the ports' own (local) MACs, as the bridge learnt them. */
  private bridgeHosts(): Row[] {
    const rows: Row[] = [];
    const ports = this.rowsOf('interface/bridge/port').filter(enabled);
    const interfaces = this.rowsOf('interface');
    const bridges = this.rowsOf('interface/bridge');
    const filtering = (bridge: string) => bridges.find((b) => b['name'] === bridge)?.['vlan-filtering'] === 'true';
    const host = (mac: string, port: Row, local: boolean): Row => ({
      '.id': formatId(0x200 + rows.length), '.dynamic': 'true', dynamic: 'true', 'mac-address': mac, 'on-interface': port['interface'] ?? '', bridge: port['bridge'] ?? '',
      ...(filtering(port['bridge'] ?? '') ? { vid: port['pvid'] ?? '1' } : {}), local: String(local), external: 'false', invalid: 'false', disabled: 'false',
    });
    for (const port of ports) {
      const mac = interfaces.find((i) => i['name'] === port['interface'])?.['mac-address'];
      if (mac) rows.push(host(mac, port, true));
    }
    const { clientPort } = this.state.management;
    const local = this.local();
    const n = this.neighbour();
    // The device address may be on a VLAN interface of the bridge: the client is learnt on the bridge under it.
    const vlanParent = this.rowsOf('interface/vlan').find((v) => v['name'] === local?.iface)?.['interface'];
    const bridge = bridges.some((b) => b['name'] === local?.iface) ? local?.iface : vlanParent;
    const port = ports.find((p) => p['interface'] === clientPort && p['bridge'] === bridge);
    if (n && port) rows.push(host(n.mac, port, false));
    return rows;
  }
}
