import { refusal, seededDevice } from '../testing/seeded-device.fixture';
import { renderExport } from '../ssh/export';
import { fleetNeighbors, linkLocalOf } from './neighbors';

describe('/ip/neighbor: the fleet cabled as a chain', () => {
  const fleet = () => [seededDevice('home'), seededDevice('edge'), seededDevice('chr')];
  const seen = (devices: ReturnType<typeof fleet>, index: number) => fleetNeighbors(index, devices.map((d) => d.readContext()));

  it('each device sees the one before it on its first port and the one after it on its second, as RouterOS prints a MikroTik neighbour', () => {
    const devices = fleet();
    devices[1].setSingleton('system/identity', { name: 'core-edge' });
    const [next] = seen(devices, 0);
    // The home router's second port is in its bridge: RouterOS names both.
    expect(next).toMatchObject({ interface: 'ether2,bridge', identity: 'core-edge', platform: 'MikroTik', version: '7.20.5 (stable)', board: 'CCR2004-16G-2S+', 'software-id': 'HD9B-B0K2', 'discovered-by': 'cdp,lldp,mndp', dynamic: 'true' });
    expect(next['interface-name']).toBe(devices[1].list('interface/ethernet')[0]['name']);
    expect(next['address6']).toBe(linkLocalOf(next['mac-address']));
    const middle = seen(devices, 1);
    expect(middle.map((n) => n['identity'])).toEqual(['r1', 'r1']);
    expect(middle[0]).toMatchObject({ 'interface-name': 'bridge/ether2', 'system-caps': 'bridge,router' });
    expect(seen(devices, 2)).toHaveLength(1);
    expect(seen([seededDevice('home')], 0)).toEqual([]);
  });

  it('discovery settings decide: the interface list, the mode on each side, the protocols both speak', () => {
    const devices = fleet();
    devices[0].setSingleton('ip/neighbor/discovery-settings', { protocol: 'lldp' });
    expect(seen(devices, 1)[0]['discovered-by']).toBe('lldp');
    devices[1].setSingleton('ip/neighbor/discovery-settings', { protocol: 'cdp' });
    expect(seen(devices, 1)).toHaveLength(1); // from the chr only
    devices[1].setSingleton('ip/neighbor/discovery-settings', { protocol: 'cdp,lldp,mndp', mode: 'tx-only' });
    expect(seen(devices, 1)).toEqual([]);
    expect(seen(devices, 0)).toHaveLength(1); // the edge still sends
    devices[0].setSingleton('ip/neighbor/discovery-settings', { 'discover-interface-list': 'WAN' });
    expect(seen(devices, 0)).toEqual([]); // ether2 is a LAN port
    devices[0].setSingleton('ip/neighbor/discovery-settings', { 'discover-interface-list': '!WAN' });
    expect(seen(devices, 0)).toHaveLength(1);
    devices[0].update('interface/ethernet', 'ether2', { disabled: 'yes' });
    expect(seen(devices, 0)).toEqual([]);
  });

  it('discovery-settings: its list must exist (negated too) and follows renames; modes and VLANs as the manual has them', () => {
    const s = seededDevice('home');
    expect(s.singleton('ip/neighbor/discovery-settings')).toMatchObject({ 'discover-interface-list': '!dynamic', mode: 'tx-and-rx', protocol: 'cdp,lldp,mndp' });
    expect(refusal(() => s.setSingleton('ip/neighbor/discovery-settings', { 'discover-interface-list': 'nope' }))).toBe('input does not match any value of discover-interface-list');
    expect(refusal(() => s.setSingleton('ip/neighbor/discovery-settings', { 'discover-interface-list': '!nope' }))).toBe('input does not match any value of discover-interface-list');
    expect(refusal(() => s.setSingleton('ip/neighbor/discovery-settings', { mode: 'both' }))).toBe('input does not match any value of mode');
    expect(refusal(() => s.setSingleton('ip/neighbor/discovery-settings', { 'lldp-med-net-policy-vlan': '5000' }))).toBe('value of lldp-med-net-policy-vlan out of range (0..4094)');
    s.setSingleton('ip/neighbor/discovery-settings', { 'discover-interface-list': '!WAN' });
    s.update('interface/list', 'WAN', { name: 'uplinks' });
    expect(s.singleton('ip/neighbor/discovery-settings')['discover-interface-list']).toBe('!uplinks');
    expect(renderExport(s, { terse: true })).toMatch(/\/ip neighbor discovery-settings set discover-interface-list="?!uplinks"?\r\n/);
  });

  it('linkLocalOf: EUI-64 with the universal/local bit flipped', () => {
    expect(linkLocalOf('48:A9:8A:00:00:01')).toBe('fe80::4aa9:8aff:fe00:1');
  });
});
