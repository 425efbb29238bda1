import { oneDevice } from './one-device';

/**
 * Values typed from MikroTik's CLI reference for the firewall's remaining matchers, CALEA, HotSpot, the web proxy,
 * SOCKS, the sniffer, the traffic generator, disks, logging and containers (model/firewall-more-values.ts,
 * calea-values.ts, service-tool-values.ts, logging-container-values.ts), over real HTTPS and SSH: a valid write
 * lands, an invalid one is refused with RouterOS's words and changes nothing. Only configuration is compared.
 */
type Rows = Record<string, string>[];

describe.each(['7.15.3', '7.20.5'])('RouterOS %s firewall, service and tool value syntax', (version) => {
  const { rest, ssh } = oneDevice(version, 'edge');
  // Configuration only: rule counters move with the simulated traffic.
  const rows = async (path: string) => ((await rest('GET', path)).body as Rows).map(({ bytes: _b, packets: _p, ...config }) => config);
  const one = async (path: string) => (await rest('GET', path)).body as Record<string, string>;

  it('firewall: icmp-options, limit, dst-limit, ttl, p2p, new-ttl and new-mss as the mangle reference types them', async () => {
    const before = { f: await rows('/ip/firewall/filter'), m: await rows('/ip/firewall/mangle'), f6: await rows('/ipv6/firewall/filter') };
    const now = async () => ({ f: await rows('/ip/firewall/filter'), m: await rows('/ip/firewall/mangle'), f6: await rows('/ipv6/firewall/filter') });
    const refused = await rest('PUT', '/ip/firewall/filter', { chain: 'input', action: 'accept', protocol: 'icmp', 'icmp-options': '8:0-256' });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ detail: 'value of icmp-options out of range (0..255)' });
    expect((await rest('PUT', '/ip/firewall/filter', { chain: 'input', action: 'accept', limit: '50,5:byte' })).body).toMatchObject({ detail: 'invalid value for argument limit' });
    expect((await ssh('/ip firewall filter add chain=input action=accept ttl=equal:256')).output).toContain('value of ttl out of range (0..255)');
    expect((await ssh('/ip firewall filter add chain=forward action=drop p2p=napster')).output).toContain('input does not match any value of p2p');
    expect((await ssh('/ip firewall mangle add chain=forward action=change-ttl new-ttl=halve:1')).output).toContain('invalid value for argument new-ttl');
    expect((await rest('PUT', '/ip/firewall/mangle', { chain: 'forward', action: 'change-mss', 'new-mss': '39' })).body).toMatchObject({ detail: 'value of new-mss out of range (40..65534)' });
    expect((await ssh('/ipv6 firewall filter add chain=input action=accept dst-limit=10/1m,20,everyone')).output).toContain('invalid value for argument dst-limit');
    expect(await now()).toEqual(before);

    expect((await rest('PUT', '/ip/firewall/filter', { chain: 'input', action: 'accept', protocol: 'icmp', 'icmp-options': '8:0-255', limit: '50,5:packet' })).status).toBe(201);
    expect((await ssh('/ip firewall filter add chain=input action=accept ttl=equal:63 dst-limit=10/1m,20,src-and-dst-addresses/1m')).output).toBe('');
    expect((await ssh('/ip firewall mangle add chain=forward action=change-ttl new-ttl=decrement:1')).output).toBe('');
    expect((await rest('PUT', '/ipv6/firewall/filter', { chain: 'input', action: 'accept', protocol: 'icmpv6', 'icmp-options': '128:0', limit: '10/1m,5:packet' })).status).toBe(201);
    expect(await now()).toEqual({
      f: [...before.f, expect.objectContaining({ 'icmp-options': '8:0-255', limit: '50,5:packet' }), expect.objectContaining({ ttl: 'equal:63', 'dst-limit': '10/1m,20,src-and-dst-addresses/1m' })],
      m: [...before.m, expect.objectContaining({ action: 'change-ttl', 'new-ttl': 'decrement:1' })],
      f6: [...before.f6, expect.objectContaining({ 'icmp-options': '128:0', limit: '10/1m,5:packet' })],
    });
  });

  it('CALEA: refuses another action, ports and matchers past their bounds; takes them within', async () => {
    const before = await rows('/ip/firewall/calea');
    expect((await rest('PUT', '/ip/firewall/calea', { chain: 'forward', action: 'drop' })).body).toMatchObject({ detail: 'input does not match any value of action' });
    expect((await ssh('/ip firewall calea add chain=forward action=sniff dst-port=!80,70000')).output).toContain('value of dst-port out of range (0..65535)');
    expect((await ssh('/ip firewall calea add chain=forward action=sniff random=100')).output).toContain('value of random out of range (1..99)');
    expect(await rows('/ip/firewall/calea')).toEqual(before);
    expect((await ssh('/ip firewall calea add chain=forward action=sniff-pc dst-port=!80,443,8000-8080 ttl=less-than:10 nth=2,1')).output).toBe('');
    expect(await rows('/ip/firewall/calea')).toEqual([...before, expect.objectContaining({ action: 'sniff-pc', 'dst-port': '!80,443,8000-8080', ttl: 'less-than:10', nth: '2,1' })]);
  });

  it('HotSpot: refuses RADIUS words and yes/no outside the reference, takes those within', async () => {
    const before = { p: await rows('/ip/hotspot/profile'), u: await rows('/ip/hotspot/user/profile') };
    expect((await rest('PUT', '/ip/hotspot/profile', { name: 'hp', 'nas-port-type': 'wifi' })).body).toMatchObject({ detail: 'input does not match any value of nas-port-type' });
    expect((await ssh('/ip hotspot profile add name=hp mac-auth-mode=mac-only')).output).toContain('input does not match any value of mac-auth-mode');
    expect((await ssh('/ip hotspot user profile add name=up advertise=often')).output).toContain('invalid value of advertise: often');
    expect({ p: await rows('/ip/hotspot/profile'), u: await rows('/ip/hotspot/user/profile') }).toEqual(before);
    expect((await rest('PUT', '/ip/hotspot/profile', { name: 'hp', 'nas-port-type': 'wireless-802.11', 'radius-mac-format': 'XX-XX-XX-XX-XX-XX', 'radius-accounting': 'yes' })).status).toBe(201);
    expect(await rows('/ip/hotspot/profile')).toEqual([...before.p, expect.objectContaining({ name: 'hp', 'nas-port-type': 'wireless-802.11', 'radius-mac-format': 'XX-XX-XX-XX-XX-XX', 'radius-accounting': 'true' })]);

    const garden = await rows('/ip/hotspot/walled-garden');
    expect((await ssh('/ip hotspot walled-garden add dst-host=example.com method=PATCH')).output).toContain('input does not match any value of method');
    expect(await rows('/ip/hotspot/walled-garden')).toEqual(garden);
    expect((await rest('PUT', '/ip/hotspot/walled-garden', { 'dst-host': '*.example.com', 'dst-port': '!80,443', method: '!POST', action: 'deny' })).status).toBe(201);
    expect(await rows('/ip/hotspot/walled-garden')).toEqual([...garden, expect.objectContaining({ 'dst-port': '!80,443', method: '!POST', action: 'deny' })]);
  });

  it('web proxy and SOCKS: settings and rules refused past the reference, taken within it', async () => {
    const before = { proxy: await one('/ip/proxy'), socks: await one('/ip/socks'), access: await rows('/ip/proxy/access'), cache: await rows('/ip/proxy/cache'), sa: await rows('/ip/socks/access') };
    const now = async () => ({ proxy: await one('/ip/proxy'), socks: await one('/ip/socks'), access: await rows('/ip/proxy/access'), cache: await rows('/ip/proxy/cache'), sa: await rows('/ip/socks/access') });
    expect((await rest('POST', '/ip/proxy/set', { port: '8080,0' })).body).toMatchObject({ detail: 'value of port out of range (1..65535)' });
    expect((await ssh('/ip proxy set max-cache-size=lots')).output).toContain('invalid value for argument max-cache-size');
    expect((await rest('PUT', '/ip/proxy/access', { method: 'FETCH' })).body).toMatchObject({ detail: 'input does not match any value of method' });
    expect((await ssh('/ip proxy cache add action=redirect')).output).toContain('input does not match any value of action');
    expect((await rest('POST', '/ip/socks/set', { 'max-connections': '501' })).body).toMatchObject({ detail: 'value of max-connections out of range (1..500)' });
    expect((await ssh('/ip socks set version=6')).output).toContain('input does not match any value of version');
    expect((await ssh('/ip socks access add dst-port=2000-1000')).output).toContain('invalid value for argument dst-port');
    expect(await now()).toEqual(before);

    expect((await ssh('/ip proxy set port=8080,3128 max-cache-size=unlimited max-cache-object-size=4096')).output).toBe('');
    expect((await rest('PUT', '/ip/proxy/access', { 'dst-port': '!443', method: '!CONNECT', action: 'deny' })).status).toBe(201);
    expect((await ssh('/ip socks set version=5 auth-method=password max-connections=500')).output).toBe('');
    expect((await rest('PUT', '/ip/socks/access', { 'src-port': '!1024-65535', action: 'deny' })).status).toBe(201);
    expect(await now()).toEqual({
      ...before,
      proxy: expect.objectContaining({ port: '8080,3128', 'max-cache-size': 'unlimited', 'max-cache-object-size': '4096KiB' }),
      socks: expect.objectContaining({ version: '5', 'auth-method': 'password', 'max-connections': '500' }),
      access: [...before.access, expect.objectContaining({ 'dst-port': '!443', method: '!CONNECT', action: 'deny' })],
      sa: [...before.sa, expect.objectContaining({ 'src-port': '!1024-65535', action: 'deny' })],
    });
  });

  it('sniffer and traffic generator: refused past the reference, taken within it', async () => {
    const before = { sniffer: await one('/tool/sniffer'), templates: await rows('/tool/traffic-generator/packet-template'), streams: await rows('/tool/traffic-generator/stream') };
    const now = async () => ({ sniffer: await one('/tool/sniffer'), templates: await rows('/tool/traffic-generator/packet-template'), streams: await rows('/tool/traffic-generator/stream') });
    expect((await rest('POST', '/tool/sniffer/set', { 'memory-limit': '9' })).body).toMatchObject({ detail: 'value of memory-limit out of range (10..4294967295)' });
    expect((await ssh('/tool sniffer set filter-ip-protocol=tcp,quic')).output).toContain('input does not match any value of filter-ip-protocol');
    expect((await ssh('/tool sniffer set only-headers=maybe')).output).toContain('invalid value of only-headers: maybe');
    expect((await rest('PUT', '/tool/traffic-generator/packet-template', { name: 't1', 'vlan-id': '10,4096' })).body).toMatchObject({ detail: 'value of vlan-id out of range (0..4095)' });
    expect((await ssh('/tool traffic-generator packet-template add name=t1 header-stack=mac,ip,sctp')).output).toContain('input does not match any value of header-stack');
    expect(await now()).toEqual(before);

    expect((await ssh('/tool sniffer set memory-limit=200 filter-vlan=10,!20 filter-direction=rx only-headers=yes')).output).toBe('');
    expect((await rest('PUT', '/tool/traffic-generator/packet-template', { name: 't1', 'header-stack': 'mac,vlan,ip,udp', 'vlan-id': '10,20', data: 'random' })).status).toBe(201);
    expect((await ssh('/tool traffic-generator stream add name=s1 tx-template=t1 packet-size=64-1500 pps=1000')).output).toBe('');
    expect(await now()).toEqual({
      sniffer: expect.objectContaining({ 'memory-limit': '200KiB', 'filter-vlan': '10,!20', 'filter-direction': 'rx', 'only-headers': 'true' }),
      templates: [...before.templates, expect.objectContaining({ name: 't1', 'header-stack': 'mac,vlan,ip,udp', 'vlan-id': '10,20', data: 'random' })],
      streams: [...before.streams, expect.objectContaining({ name: 's1', 'packet-size': '64-1500', pps: '1000' })],
    });
  });

  it('disks and logging: a disk type, yes/no and log topics outside the reference are refused; those within land', async () => {
    const before = { disks: await rows('/disk'), rules: await rows('/system/logging') };
    expect((await rest('PUT', '/disk', { type: 'floppy' })).body).toMatchObject({ detail: 'input does not match any value of type' });
    expect((await ssh('/disk add type=tmpfs smb-sharing=sometimes')).output).toContain('invalid value of smb-sharing: sometimes');
    expect((await rest('PUT', '/system/logging', { topics: 'dhcp,!wifi-x', action: 'memory' })).body).toMatchObject({ detail: 'input does not match any value of topics' });
    expect({ disks: await rows('/disk'), rules: await rows('/system/logging') }).toEqual(before);
    expect((await ssh('/disk add type=tmpfs tmpfs-max-size=100M smb-sharing=no')).output).toBe('');
    expect((await ssh('/system logging add topics=ntp,debug,!packet action=memory')).output).toBe('');
    expect({ disks: await rows('/disk'), rules: await rows('/system/logging') }).toEqual({
      disks: [...before.disks, expect.objectContaining({ type: 'tmpfs', 'tmpfs-max-size': '100M', 'smb-sharing': 'false' })],
      rules: [...before.rules, expect.objectContaining({ topics: 'ntp,debug,!packet', action: 'memory' })],
    });
  });
});

describe.each(['7.15.3', '7.20.5'])('RouterOS %s container stop signal', (version) => {
  const { rest, ssh } = oneDevice(version, 'chr', { packages: ['container'] });

  it('takes the numbered signal names exports write and refuses a bare name, changing nothing', async () => {
    expect((await rest('PUT', '/interface/veth', { name: 'veth1', address: '172.17.0.2/24', gateway: '172.17.0.1' })).status).toBe(201);
    const image = { 'remote-image': 'alpine:latest', interface: 'veth1' };
    expect((await rest('PUT', '/container', { ...image, 'stop-signal': 'SIGTERM' })).body).toMatchObject({ detail: 'input does not match any value of stop-signal' });
    expect((await rest('GET', '/container')).body).toEqual([]);
    expect((await ssh('/container add remote-image=alpine:latest interface=veth1 stop-signal=15-SIGTERM')).output).toBe('');
    expect((await rest('GET', '/container')).body).toEqual([expect.objectContaining({ 'stop-signal': '15-SIGTERM' })]);
  });
});

describe('RouterOS 7.20.5 logging action and socksify', () => {
  const { rest, ssh } = oneDevice('7.20.5', 'edge');

  it('refuses an unknown remote log format, VRF and socksify timeout; takes those within the reference', async () => {
    const before = { actions: (await rest('GET', '/system/logging/action')).body, socksify: (await rest('GET', '/ip/socksify')).body };
    expect((await rest('PUT', '/system/logging/action', { name: 'r2', target: 'remote', 'remote-log-format': 'json' })).body).toMatchObject({ detail: 'input does not match any value of remote-log-format' });
    expect((await ssh('/system logging action add name=r2 target=remote vrf=nope')).output).toContain('input does not match any value of vrf');
    expect((await ssh('/ip socksify add name=s1 connection-timeout=3001')).output).toContain('value of connection-timeout out of range (0..3000)');
    expect({ actions: (await rest('GET', '/system/logging/action')).body, socksify: (await rest('GET', '/ip/socksify')).body }).toEqual(before);
    expect((await ssh('/system logging action add name=r2 target=remote remote=10.0.0.5 remote-log-format=cef vrf=main')).output).toBe('');
    expect((await rest('PUT', '/ip/socksify', { name: 's1', 'connection-timeout': '60', 'socks5-port': '1080' })).status).toBe(201);
    expect((await rest('GET', '/system/logging/action')).body).toEqual([...(before.actions as Rows), expect.objectContaining({ name: 'r2', 'remote-log-format': 'cef', vrf: 'main' })]);
    expect((await rest('GET', '/ip/socksify')).body).toEqual([...(before.socksify as Rows), expect.objectContaining({ name: 's1', 'connection-timeout': '60' })]);
  });
});
