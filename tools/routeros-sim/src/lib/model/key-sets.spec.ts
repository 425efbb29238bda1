import { DeviceState } from './device-state';
import { seedConfig } from './profiles';

/*
 * Key sets of served rows, and where each came from:
 *
 * | menu                  | source                                                                                       |
 * |-----------------------|----------------------------------------------------------------------------------------------|
 * | /interface            | v7 REST print of an ethernet port (MikroTik REST API and Interface manual pages; the key list |
 * |                       | in issue 10: .id name default-name type mtu actual-mtu l2mtu max-l2mtu mac-address            |
 * |                       | last-link-up-time link-downs rx/tx-byte rx/tx-packet rx/tx-drop tx-queue-drop rx/tx-error     |
 * |                       | fp-rx/tx-byte fp-rx/tx-packet running disabled comment), plus `slave` (bridge ports)          |
 * | /interface/ethernet   | config keys = the `set` arguments of the version's command tree (/console/inspect, per port   |
 * |                       | type); defaults from the Ethernet and Loop Protect manual pages; loop-protect-status read-only |
 * | /ip/route             | v7 REST print: active, inactive, dynamic, static, connect, ecmp, hw-offloaded, immediate-gw   |
 * |                       | (`addr%iface`), suppress-hw-offload; connected routes carry local-address (`addr%iface`)     |
 * | /ip/address           | v7 REST print: actual-interface, dynamic, invalid, network, slave                             |
 * | /ip/dhcp-server/lease | DHCP server manual, lease read-only properties: active-*, expires-after, last-seen, blocked   |
 * | /ip/service           | `set` arguments per version: max-sessions is in 7.20.5's tree, not in 7.15.3's                |
 * | /interface/monitor-traffic | MikroTik API notes and v7 output: rx/tx packets, bits, drops, errors per second, fp-*     |
 */

const users = [{ name: 'admin', password: 'x', group: 'full' as const }];
const device = (profile: 'home' | 'edge', version = '7.20.5') => new DeviceState(version, 3, () => seedConfig({ profile, version, identity: 'r1', index: 0, users }));
const keys = (row: Record<string, string>) => Object.keys(row);

describe('served rows carry the keys a real router returns', () => {
  it('/interface, for an ethernet port with link', () => {
    const row = device('home').get('interface', 'ether1');
    expect(keys(row)).toEqual(expect.arrayContaining(['.id', 'name', 'default-name', 'type', 'mtu', 'actual-mtu', 'l2mtu', 'max-l2mtu', 'mac-address', 'last-link-up-time', 'link-downs', 'rx-byte', 'tx-byte', 'rx-packet', 'tx-packet', 'rx-drop', 'tx-drop', 'tx-queue-drop', 'rx-error', 'tx-error', 'fp-rx-byte', 'fp-tx-byte', 'fp-rx-packet', 'fp-tx-packet', 'running', 'slave', 'disabled']));
    expect(row['last-link-up-time']).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    // A port without link has never come up in this boot.
    expect(device('home').get('interface', 'ether3')).not.toHaveProperty('last-link-up-time');
    expect(device('home').get('interface', 'ether2')['slave']).toBe('true');
  });

  it('/interface/ethernet: every configurable argument of the port type, with its factory value', () => {
    const s = device('edge');
    const tree = s.tree['interface/ethernet']!.set!;
    const copper = s.get('interface/ethernet', 'ether1');
    const fibre = s.get('interface/ethernet', 'sfp-sfpplus1');
    const generic = ['advertise', 'arp', 'arp-timeout', 'auto-negotiation', 'l2mtu', 'loop-protect', 'loop-protect-disable-time', 'loop-protect-send-interval', 'mac-address', 'mtu', 'name', 'orig-mac-address', 'rx-flow-control', 'speed', 'tx-flow-control'];
    for (const key of [...generic, 'cable-settings', 'mdix-enable']) expect(tree).toContain(key);
    expect(keys(copper)).toEqual(expect.arrayContaining([...generic, 'cable-settings', 'mdix-enable', 'loop-protect-status']));
    expect(keys(fibre)).toEqual(expect.arrayContaining([...generic, 'sfp-rate-select', 'sfp-shutdown-temperature', 'fec-mode']));
    expect(copper).not.toHaveProperty('sfp-rate-select');
  });

  it('/ip/route and /ip/address', () => {
    const s = device('edge');
    const [staticRoute] = s.list('ip/route');
    expect(keys(staticRoute)).toEqual(expect.arrayContaining(['active', 'inactive', 'dynamic', 'static', 'connect', 'ecmp', 'hw-offloaded', 'immediate-gw', 'suppress-hw-offload', 'distance', 'scope', 'target-scope', 'routing-table']));
    const connected = s.list('ip/route').find((r) => r['connect'] === 'true')!;
    expect(connected['local-address']).toBe('203.0.113.2%sfp-sfpplus1');
    expect(keys(s.list('ip/address')[0])).toEqual(expect.arrayContaining(['actual-interface', 'dynamic', 'invalid', 'network', 'slave']));
  });

  it('/ip/dhcp-server/lease: a bound lease with its live state', () => {
    const lease = device('home').list('ip/dhcp-server/lease')[0];
    expect(lease).toMatchObject({ status: 'bound', 'active-address': '192.168.88.254', 'active-mac-address': 'A4:83:E7:11:22:33', 'active-server': 'defconf', blocked: 'false' });
    expect(lease['expires-after']).toMatch(/^\d+m(\d+s)?$/);
  });

  it('/ip/service: max-sessions only on versions whose command tree has it', () => {
    expect(device('home', '7.20.5').get('ip/service', 'ssh')).toHaveProperty('max-sessions');
    expect(device('home', '7.15.3').get('ip/service', 'ssh')).not.toHaveProperty('max-sessions');
  });
});
