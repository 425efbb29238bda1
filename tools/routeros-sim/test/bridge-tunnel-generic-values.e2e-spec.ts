import { oneDevice } from './one-device';

/**
 * The bridge and tunnel menus' words, yes/no and integers from MikroTik's CLI reference (model/bridge-values.ts,
 * tunnel-values.ts), over real HTTPS and SSH: a valid write lands, an invalid one is refused with RouterOS's words and
 * changes nothing. Interfaces print live counters, so rows are compared by their configuration only.
 */
const LIVE = /(^|-)(bytes?|packets?|drops?|errors?)$|link-downs|last-link|^running$|actual-mtu|^slave$/;
const config = (rows: Record<string, string>[]) => rows.map((r) => Object.fromEntries(Object.entries(r).filter(([k]) => !LIVE.test(k))));

describe.each(['7.15.3', '7.20.5'])('RouterOS %s bridge and tunnel value syntax', (version) => {
  const { rest, ssh } = oneDevice(version);
  const rows = async (path: string) => config((await rest('GET', path)).body as Record<string, string>[]);
  const newer = version === '7.20.5';

  it('bridge: refuses words, priorities and yes/no outside the reference, takes those within', async () => {
    const before = await rows('/interface/bridge');
    const id = before[0]['.id'];
    const refused = await rest('PATCH', `/interface/bridge/${id}`, { 'protocol-mode': 'pvst' });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ detail: 'input does not match any value of protocol-mode' });
    expect((await rest('PATCH', `/interface/bridge/${id}`, { priority: '65536' })).body).toMatchObject({ detail: 'value of priority out of range (0..65535)' });
    expect((await ssh('/interface bridge set bridge igmp-version=1')).output).toContain('input does not match any value of igmp-version');
    expect((await ssh('/interface bridge set bridge fast-forward=sometimes')).output).toContain('invalid value of fast-forward: sometimes');
    expect(await rows('/interface/bridge')).toEqual(before);

    expect((await rest('PATCH', `/interface/bridge/${id}`, { 'protocol-mode': 'mstp', priority: '0x7000', arp: 'reply-only' })).status).toBe(200);
    expect((await ssh('/interface bridge set bridge igmp-version=3 ether-type=0x88a8 fast-forward=no max-hops=20')).output).toBe('');
    expect(await rows('/interface/bridge')).toEqual([{ ...before[0], 'protocol-mode': 'mstp', priority: '0x7000', arp: 'reply-only', 'igmp-version': '3', 'ether-type': '0x88a8', 'fast-forward': 'false', 'max-hops': '20' }]);
  });

  it('bridge ports, VLANs and MSTIs: refuses priority steps, states and ranges outside the reference, takes those within', async () => {
    const ports = await rows('/interface/bridge/port');
    const port = ports.find((p) => p['interface'] === 'ether3')!;
    expect((await rest('PATCH', `/interface/bridge/port/${port['.id']}`, { priority: '0x81' })).body).toMatchObject({ detail: 'input does not match any value of priority' });
    expect((await ssh('/interface bridge port set [find interface=ether3] horizon=off')).output).toContain('invalid value for argument horizon');
    expect((await ssh('/interface bridge port set [find interface=ether3] bpdu-guard=on')).output).toContain('invalid value of bpdu-guard: on');
    expect(await rows('/interface/bridge/port')).toEqual(ports);
    expect((await ssh('/interface bridge port set [find interface=ether3] priority=0x40 horizon=none learn=no bpdu-guard=yes path-cost=20')).output).toBe('');
    expect((await rows('/interface/bridge/port')).find((p) => p['interface'] === 'ether3')).toEqual({ ...port, priority: '0x40', horizon: 'none', learn: 'no', 'bpdu-guard': 'true', 'path-cost': '20' });

    const vlans = await rows('/interface/bridge/vlan');
    expect((await rest('PUT', '/interface/bridge/vlan', { bridge: 'bridge', 'vlan-ids': '10', 'mvrp-forbidden': 'ghost' })).body).toMatchObject({ detail: 'input does not match any value of mvrp-forbidden' });
    expect(await rows('/interface/bridge/vlan')).toEqual(vlans);
    expect((await rest('PUT', '/interface/bridge/vlan', { bridge: 'bridge', 'vlan-ids': '10', 'mvrp-forbidden': 'ether2' })).status).toBe(201);
    expect(await rows('/interface/bridge/vlan')).toEqual([...vlans, expect.objectContaining({ 'vlan-ids': '10', 'mvrp-forbidden': 'ether2' })]);

    const mstis = await rows('/interface/bridge/msti');
    expect((await ssh('/interface bridge msti add bridge=bridge identifier=1 vlan-mapping=10-4095')).output).toContain('value of vlan-mapping out of range (1..4094)');
    expect((await rest('PUT', '/interface/bridge/port/mst-override', { interface: 'ether3', identifier: '1', priority: '0x11' })).body).toMatchObject({ detail: 'input does not match any value of priority' });
    expect(await rows('/interface/bridge/msti')).toEqual(mstis);
    expect((await ssh('/interface bridge msti add bridge=bridge identifier=1 vlan-mapping=10,20-30 priority=0x1000')).output).toBe('');
    expect(await rows('/interface/bridge/msti')).toEqual([...mstis, expect.objectContaining({ identifier: '1', 'vlan-mapping': '10,20-30', priority: '0x1000' })]);
  });

  it('VXLAN and the L2TP, SSTP and OpenVPN clients: refuses words and certificates outside the reference, takes those within', async () => {
    const before = { v: await rows('/interface/vxlan'), l: await rows('/interface/l2tp-client'), s: await rows('/interface/sstp-client'), o: await rows('/interface/ovpn-client') };
    const now = async () => ({ v: await rows('/interface/vxlan'), l: await rows('/interface/l2tp-client'), s: await rows('/interface/sstp-client'), o: await rows('/interface/ovpn-client') });
    expect((await rest('PUT', '/interface/vxlan', { name: 'vx1', vni: '10', 'dont-fragment': 'maybe' })).body).toMatchObject({ detail: 'input does not match any value of dont-fragment' });
    expect((await ssh('/interface l2tp-client add name=l2 connect-to=203.0.113.1 user=u use-peer-dns=exclusive')).output).toContain('input does not match any value of use-peer-dns');
    expect((await rest('PUT', '/interface/sstp-client', { name: 's1', 'connect-to': '203.0.113.2', user: 'u', certificate: 'ghost' })).body).toMatchObject({ detail: 'input does not match any value of certificate' });
    expect((await ssh('/interface ovpn-client add name=o1 connect-to=203.0.113.3 user=u cipher=aes256')).output).toContain('input does not match any value of cipher');
    expect(await now()).toEqual(before);

    expect((await rest('PUT', '/interface/vxlan', { name: 'vx1', vni: '10', 'dont-fragment': 'enabled', 'loop-protect': 'on', ...(newer ? { 'rem-csum': 'both' } : {}) })).status).toBe(201);
    expect((await ssh('/interface l2tp-client add name=l2 connect-to=203.0.113.1 user=u use-peer-dns=exclusively l2tp-proto-version=l2tpv3-udp mrru=disabled')).output).toBe('');
    expect((await rest('PUT', '/interface/sstp-client', { name: 's1', 'connect-to': '203.0.113.2', user: 'u', certificate: 'none', 'tls-version': 'only-1.2', pfs: 'required' })).status).toBe(201);
    expect((await ssh('/interface ovpn-client add name=o1 connect-to=203.0.113.3 user=u cipher=aes256-gcm auth=null protocol=udp route-nopull=yes')).output).toBe('');
    expect(await now()).toEqual({
      v: [...before.v, expect.objectContaining({ name: 'vx1', 'dont-fragment': 'enabled', 'loop-protect': 'on', ...(newer ? { 'rem-csum': 'both' } : {}) })],
      l: [...before.l, expect.objectContaining({ name: 'l2', 'use-peer-dns': 'exclusively', 'l2tp-proto-version': 'l2tpv3-udp', mrru: 'disabled' })],
      s: [...before.s, expect.objectContaining({ name: 's1', certificate: 'none', 'tls-version': 'only-1.2', pfs: 'required' })],
      o: [...before.o, expect.objectContaining({ name: 'o1', cipher: 'aes256-gcm', auth: 'null', protocol: 'udp', 'route-nopull': 'true' })],
    });
  });

  it('mesh, mesh ports, LTE APNs, PPP clients and EoIPv6: refuses words, counts and yes/no outside the reference, takes those within', async () => {
    const menus = ['/interface/mesh', '/interface/mesh/port', '/interface/lte/apn', '/interface/ppp-client', '/interface/eoipv6'];
    const snapshot = async () => Promise.all(menus.map((m) => rows(m)));
    const before = await snapshot();
    expect((await rest('PUT', '/interface/mesh', { name: 'mesh1', arp: 'maybe' })).body).toMatchObject({ detail: 'input does not match any value of arp' });
    expect((await ssh('/interface lte apn add name=a apn=internet passthrough-subnet-size=15')).output).toContain('value of passthrough-subnet-size out of range (16..32)');
    expect((await rest('PUT', '/interface/ppp-client', { name: 'p', 'null-modem': 'on' })).body).toMatchObject({ detail: 'invalid value of null-modem: on' });
    expect((await ssh('/interface eoipv6 add name=eo6 remote-address=2001:db8::2 tunnel-id=5 loop-protect=yes')).output).toContain('input does not match any value of loop-protect');
    expect(await snapshot()).toEqual(before);

    expect((await rest('PUT', '/interface/mesh', { name: 'mesh1', arp: 'proxy-arp', 'mesh-portal': 'yes' })).status).toBe(201);
    expect((await ssh('/interface mesh port add interface=ether3 mesh=mesh1 port-type=WDS path-cost=10')).output).toBe('');
    expect((await ssh('/interface lte apn add name=a apn=internet ip-type=ipv4 authentication=chap passthrough-subnet-size=auto use-network-apn=yes')).output).toBe('');
    expect((await rest('PUT', '/interface/ppp-client', { name: 'p', 'data-channel': '2', 'null-modem': 'no' })).status).toBe(201);
    expect((await ssh('/interface eoipv6 add name=eo6 remote-address=2001:db8::2 tunnel-id=5 arp=reply-only loop-protect=on')).output).toBe('');
    expect(await snapshot()).toEqual([
      [...before[0], expect.objectContaining({ name: 'mesh1', arp: 'proxy-arp', 'mesh-portal': 'true' })],
      [...before[1], expect.objectContaining({ interface: 'ether3', 'port-type': 'WDS', 'path-cost': '10' })],
      [...before[2], expect.objectContaining({ name: 'a', 'ip-type': 'ipv4', authentication: 'chap', 'passthrough-subnet-size': 'auto', 'use-network-apn': 'true' })],
      [...before[3], expect.objectContaining({ name: 'p', 'data-channel': '2', 'null-modem': 'false' })],
      [...before[4], expect.objectContaining({ name: 'eo6', arp: 'reply-only', 'loop-protect': 'on' })],
    ]);
  });

  it('bridge filter, NAT and CALEA: refuses actions and matchers outside the reference, takes negated ones within', async () => {
    const menus = ['/interface/bridge/filter', '/interface/bridge/nat', '/interface/bridge/calea'];
    const snapshot = async () => Promise.all(menus.map((m) => rows(m)));
    const before = await snapshot();
    expect((await rest('PUT', '/interface/bridge/filter', { chain: 'forward', action: 'src-nat' })).body).toMatchObject({ detail: 'input does not match any value of action' });
    expect((await ssh('/interface bridge filter add chain=forward vlan-priority=8')).output).toContain('value of vlan-priority out of range (0..7)');
    expect((await ssh('/interface bridge nat add chain=srcnat action=arp-reply dst-port=80-70')).output).toContain('invalid value for argument dst-port');
    expect((await rest('PUT', '/interface/bridge/calea', { chain: 'forward', action: 'drop' })).body).toMatchObject({ detail: 'input does not match any value of action' });
    expect(await snapshot()).toEqual(before);

    expect((await ssh('/interface bridge filter add chain=forward action=drop 802.3-sap=0x42 dst-port=!67-68 packet-type=broadcast')).output).toBe('');
    expect((await rest('PUT', '/interface/bridge/nat', { chain: 'srcnat', action: 'arp-reply', 'arp-opcode': 'request' })).status).toBe(201);
    expect((await rest('PUT', '/interface/bridge/calea', { chain: 'forward', action: 'sniff', 'sniff-id': '7' })).status).toBe(201);
    const after = await snapshot();
    expect(after.map((r) => r.length)).toEqual(before.map((r) => r.length + 1));
    expect(after[0][after[0].length - 1]).toMatchObject({ action: 'drop', '802.3-sap': '0x42', 'dst-port': '!67-68', 'packet-type': 'broadcast' });
    expect(after[1][after[1].length - 1]).toMatchObject({ action: 'arp-reply', 'arp-opcode': 'request' });
    expect(after[2][after[2].length - 1]).toMatchObject({ action: 'sniff', 'sniff-id': '7' });
  });
});
