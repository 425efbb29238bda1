import { oneDevice } from './one-device';

/**
 * The DHCP, DNS, queue, IPsec, PPP profile and Netwatch value tables (model/dhcp-values.ts, dns-values.ts,
 * generic-values.ts, ipsec.ts, ppp.ts, queues.ts) over real HTTPS and SSH: a valid write lands as RouterOS stores it,
 * an invalid one is refused with RouterOS's words and changes nothing.
 */
describe.each(['7.15.3', '7.20.5'])('RouterOS %s DHCP, DNS, queue, IPsec, PPP and Netwatch value syntax', (version) => {
  const { rest, ssh } = oneDevice(version);
  const rows = async (path: string) => (await rest('GET', path)).body as Record<string, string>[];
  const queueTypes = async () => (await rows('/queue/type')).map(({ name, kind, ...rest }) => ({ name, kind, ...rest }));

  it('DHCP server and lease: enumerations, unlimited, booleans and option names, over REST and the console', async () => {
    const before = await rows('/ip/dhcp-server');
    const refused = await rest('PATCH', `/ip/dhcp-server/${before[0]['.id']}`, { authoritative: 'sometimes' });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ detail: 'input does not match any value of authoritative' });
    expect((await rest('PATCH', `/ip/dhcp-server/${before[0]['.id']}`, { 'client-mac-limit': 'many' })).body).toMatchObject({ detail: 'invalid value for argument client-mac-limit' });
    expect((await ssh('/ip dhcp-server set defconf bootp-support=all')).output).toContain('input does not match any value of bootp-support');
    expect((await ssh('/ip dhcp-server set defconf conflict-detection=maybe')).output).toContain('invalid value of conflict-detection: maybe');
    expect(await rows('/ip/dhcp-server')).toEqual(before);

    expect((await rest('PATCH', `/ip/dhcp-server/${before[0]['.id']}`, { authoritative: 'after-10sec-delay', 'client-mac-limit': 'unlimited' })).status).toBe(200);
    expect((await ssh('/ip dhcp-server set defconf bootp-support=none conflict-detection=no')).output).toBe('');
    expect(await rows('/ip/dhcp-server')).toEqual([expect.objectContaining({ authoritative: 'after-10sec-delay', 'client-mac-limit': 'unlimited', 'bootp-support': 'none', 'conflict-detection': 'false' })]);

    expect((await ssh('/ip dhcp-server option add name=ntp code=255 value="\'10.0.0.1\'"')).output).toContain('value of code out of range (1..254)');
    expect((await rest('PUT', '/ip/dhcp-server/option', { name: 'ntp', code: '42', value: "'10.0.0.1'" })).status).toBe(201);
    const lease = { address: '192.168.88.60', 'mac-address': '02:00:00:00:00:60', server: 'defconf' };
    expect((await rest('PUT', '/ip/dhcp-server/lease', { ...lease, 'dhcp-option': 'ghost' })).body).toMatchObject({ detail: 'input does not match any value of dhcp-option' });
    expect((await ssh('/ip dhcp-server lease add address=192.168.88.60 mac-address=02:00:00:00:00:60 server=defconf queue-type=fastest')).output).toContain('input does not match any value of queue-type');
    expect((await ssh('/ip dhcp-server lease add address=192.168.88.60 mac-address=02:00:00:00:00:60 server=defconf dhcp-option=ntp queue-type=default-small')).output).toBe('');
    expect(await rows('/ip/dhcp-server/lease')).toContainEqual(expect.objectContaining({ address: '192.168.88.60', 'dhcp-option': 'ntp', 'queue-type': 'default-small' }));
    expect((await ssh('/ip dhcp-server network set [find address=192.168.88.0/24] netmask=33')).output).toContain('value of netmask out of range (0..32)');
  });

  it('queue types: kinds and CAKE words refused, signed overheads and PCQ rates stored as RouterOS prints them', async () => {
    const before = await queueTypes();
    const refused = await rest('PUT', '/queue/type', { name: 'cake1', kind: 'cake', 'cake-overhead': '-65' });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ detail: 'value of cake-overhead out of range (-64..256)' });
    expect((await rest('PUT', '/queue/type', { name: 'q', kind: 'fifo' })).body).toMatchObject({ detail: 'input does not match any value of kind' });
    expect((await ssh('/queue type add name=cake1 kind=cake cake-flowmode=fair')).output).toContain('input does not match any value of cake-flowmode');
    expect((await ssh('/queue type add name=pcq1 kind=pcq pcq-dst-address-mask=33')).output).toContain('value of pcq-dst-address-mask out of range (0..32)');
    expect(await queueTypes()).toEqual(before);

    expect((await rest('PUT', '/queue/type', { name: 'cake1', kind: 'cake', 'cake-overhead': '-8', 'cake-flowmode': 'dual-dsthost', 'cake-nat': 'yes' })).status).toBe(201);
    expect((await ssh('/queue type add name=pcq1 kind=pcq pcq-rate=2000000 pcq-dst-address6-mask=64')).output).toBe('');
    expect(await rows('/queue/type')).toEqual(expect.arrayContaining([
      expect.objectContaining({ name: 'cake1', 'cake-overhead': '-8', 'cake-flowmode': 'dual-dsthost', 'cake-nat': 'true' }),
      expect.objectContaining({ name: 'pcq1', 'pcq-rate': '2M', 'pcq-dst-address6-mask': '64' }),
    ]));
  });

  it('IPsec: profile lifebytes, policy ports, identity IDs and EAP methods, over REST and the console', async () => {
    const profiles = await rows('/ip/ipsec/profile');
    expect((await rest('PUT', '/ip/ipsec/profile', { name: 'p1', lifebytes: '4294967296' })).body).toMatchObject({ detail: 'value of lifebytes out of range (0..4294967295)' });
    expect((await ssh('/ip ipsec policy add src-port=65536 src-address=10.9.0.0/24 dst-address=10.8.0.0/24')).output).toContain('value of src-port out of range (0..65535)');
    expect(await rows('/ip/ipsec/profile')).toEqual(profiles);
    expect((await ssh('/ip ipsec profile add name=p1 lifebytes=1000000')).output).toBe('');
    expect((await rest('PUT', '/ip/ipsec/policy', { 'src-address': '10.9.0.0/24', 'dst-address': '10.8.0.0/24', protocol: 'udp', 'dst-port': '1701' })).status).toBe(201);

    expect((await rest('PUT', '/ip/ipsec/peer', { name: 'hq', address: '203.0.113.1/32' })).status).toBe(201);
    expect((await rest('PUT', '/ip/ipsec/identity', { peer: 'hq', 'my-id': 'hostname' })).body).toMatchObject({ detail: 'invalid value for argument my-id' });
    expect((await ssh('/ip ipsec identity add peer=hq auth-method=eap eap-methods=eap-md5')).output).toContain('input does not match any value of eap-methods');
    expect((await ssh('/ip ipsec identity add peer=hq my-id=fqdn:vpn.example.com remote-id=ignore secret=hunter22')).output).toBe('');
    expect(await rows('/ip/ipsec/identity')).toEqual([expect.objectContaining({ peer: 'hq', 'my-id': 'fqdn:vpn.example.com', 'remote-id': 'ignore' })]);
    expect(await rows('/ip/ipsec/profile')).toContainEqual(expect.objectContaining({ name: 'p1', lifebytes: '1000000' }));
  });

  it('DNS settings and static entries: KiB cache sizes, packet size bounds, SRV numbers', async () => {
    const before = (await rest('GET', '/ip/dns')).body;
    const refused = await rest('POST', '/ip/dns/set', { 'cache-size': '32' });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ detail: 'value of cache-size out of range (64..4294967295)' });
    expect((await ssh('/ip dns set max-udp-packet-size=70000')).output).toContain('value of max-udp-packet-size out of range (50..65507)');
    expect((await ssh('/ip dns set vrf=nowhere')).output).toContain('input does not match any value of vrf');
    expect((await rest('GET', '/ip/dns')).body).toEqual(before);
    expect((await rest('POST', '/ip/dns/set', { 'cache-size': '8192' })).status).toBe(200);
    expect((await ssh('/ip dns set max-udp-packet-size=1232 max-concurrent-queries=200')).output).toBe('');
    expect((await rest('GET', '/ip/dns')).body).toMatchObject({ 'cache-size': '8192KiB', 'max-udp-packet-size': '1232', 'max-concurrent-queries': '200' });
    expect((await ssh('/ip dns static add name=_sip._udp.lan type=SRV srv-port=sip srv-target=pbx.lan')).output).toContain('invalid value for argument srv-port');
    expect((await rest('PUT', '/ip/dns/static', { name: '_sip._udp.lan', type: 'SRV', 'srv-port': '5060', 'srv-target': 'pbx.lan' })).status).toBe(201);
  });

  it('PPP profiles, Netwatch probes and simple queue times, over REST and the console', async () => {
    expect((await rest('PUT', '/ppp/profile', { name: 'p1', 'bridge-learning': 'sometimes' })).body).toMatchObject({ detail: 'input does not match any value of bridge-learning' });
    expect((await ssh('/ppp profile add name=p1 queue-type=default/fastest')).output).toContain('input does not match any value of queue-type');
    expect(await rows('/ppp/profile')).not.toContainEqual(expect.objectContaining({ name: 'p1' }));
    expect((await ssh('/ppp profile add name=p1 bridge-learning=no bridge-path-cost=10 queue-type=pcq-upload-default/pcq-download-default')).output).toBe('');
    expect(await rows('/ppp/profile')).toContainEqual(expect.objectContaining({ name: 'p1', 'bridge-learning': 'no', 'bridge-path-cost': '10', 'queue-type': 'pcq-upload-default/pcq-download-default' }));

    const probes = await rows('/tool/netwatch');
    expect((await rest('PUT', '/tool/netwatch', { host: '192.0.2.1', type: 'udp' })).body).toMatchObject({ detail: 'input does not match any value of type' });
    expect((await ssh('/tool netwatch add host=192.0.2.1 type=http-get http-codes=200-600')).output).toContain('value of http-codes out of range (100..599)');
    expect(await rows('/tool/netwatch')).toEqual(probes);
    expect((await ssh('/tool netwatch add host=192.0.2.1 type=http-get http-codes=200-299,301 port=8080')).output).toBe('');
    expect((await rest('PUT', '/tool/netwatch', { host: '192.0.2.2', type: 'icmp', 'packet-count': '5' })).status).toBe(201);
    expect(await rows('/tool/netwatch')).toEqual([
      ...probes,
      expect.objectContaining({ type: 'http-get', 'http-codes': '200-299,301', port: '8080' }),
      expect.objectContaining({ type: 'icmp', 'packet-count': '5' }),
    ]);

    expect((await ssh('/queue simple add name=night target=192.168.88.10/32 time=22h-6h,funday')).output).toContain('invalid value for argument time');
    expect((await rest('PUT', '/queue/simple', { name: 'night', target: '192.168.88.10/32', time: '22h-1d,sat,sun' })).status).toBe(201);
  });
});
