import { configOfRows } from './config-rows';
import { oneDevice } from './one-device';

/**
 * Generic menus' time, integer and word syntax from MikroTik's manual (model/generic-values.ts), and the firewall
 * tables' matchers (model/firewall-values.ts), over real HTTPS and SSH: a valid write lands, an invalid one is refused
 * with RouterOS's words and changes nothing.
 */
describe.each(['7.15.3', '7.20.5'])('RouterOS %s generic value syntax', (version) => {
  const { rest, ssh } = oneDevice(version);
  const rows = async (path: string) => (await rest('GET', path)).body as Record<string, string>[];
  const configOf = async (path: string) => configOfRows(await rows(path));

  it('refuses RPKI intervals out of the range the manual gives, over REST and the console, and takes those within', async () => {
    const before = await rows('/routing/rpki');
    const refused = await rest('PUT', '/routing/rpki', { group: 'g1', address: '192.0.2.1', 'retry-interval': '7201' });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ detail: 'value of retry-interval out of range (1..7200)' });
    expect((await rest('PUT', '/routing/rpki', { group: 'g1', address: '192.0.2.1', 'expire-interval': '2h' })).body).toMatchObject({ detail: 'invalid value for argument expire-interval' });
    expect((await ssh('/routing rpki add group=g1 address=192.0.2.1 refresh-interval=0')).output).toContain('value of refresh-interval out of range (1..86400)');
    expect(await rows('/routing/rpki')).toEqual(before);

    expect((await rest('PUT', '/routing/rpki', { group: 'g1', address: '192.0.2.1', 'refresh-interval': '20' })).status).toBe(201);
    expect((await ssh('/routing rpki add group=g2 address=192.0.2.2 expire-interval=7200 retry-interval=600')).output).toBe('');
    expect(await rows('/routing/rpki')).toEqual([
      ...before,
      expect.objectContaining({ group: 'g1', 'refresh-interval': '20' }),
      expect.objectContaining({ group: 'g2', 'expire-interval': '7200', 'retry-interval': '600' }),
    ]);
  });

  it('refuses a RIP update interval that is not a time, and takes one that is', async () => {
    const before = await rows('/routing/rip/instance');
    expect((await rest('PUT', '/routing/rip/instance', { name: 'rip1', 'update-interval': 'often' })).body).toMatchObject({ detail: 'invalid value for argument update-interval' });
    expect((await ssh('/routing rip instance add name=rip1 update-interval=often')).output).toContain('invalid value for argument update-interval');
    expect(await rows('/routing/rip/instance')).toEqual(before);
    expect((await ssh('/routing rip instance add name=rip1 update-interval=30s')).output).toBe('');
    expect(await rows('/routing/rip/instance')).toEqual([...before, expect.objectContaining({ name: 'rip1', 'update-interval': '30s' })]);
  });

  it('refuses an unknown rp-filter and a malformed ICMP rate limit on the IP settings singleton, changing nothing', async () => {
    const before = (await rest('GET', '/ip/settings')).body;
    const refused = await rest('POST', '/ip/settings/set', { 'rp-filter': 'yes' });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ detail: 'input does not match any value of rp-filter' });
    expect((await ssh('/ip settings set icmp-rate-limit=fast')).output).toContain('invalid value for argument icmp-rate-limit');
    expect((await rest('GET', '/ip/settings')).body).toEqual(before);
    expect((await ssh('/ip settings set rp-filter=loose icmp-rate-limit=20')).output).toBe('');
    expect((await rest('GET', '/ip/settings')).body).toMatchObject({ 'rp-filter': 'loose', 'icmp-rate-limit': '20' });
  });

  it('refuses firewall matchers and mangle properties the manual types, over REST and the console, changing nothing', async () => {
    const before = await configOf('/ip/firewall/mangle');
    const refused = await rest('PUT', '/ip/firewall/mangle', { chain: 'prerouting', action: 'mark-connection', 'new-connection-mark': 'c1', 'per-connection-classifier': 'both:2/0' });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ detail: 'invalid value for argument per-connection-classifier' });
    expect((await rest('PUT', '/ip/firewall/mangle', { chain: 'forward', action: 'change-mss', 'new-mss': '1300', 'tcp-mss': '1301-70000' })).body).toMatchObject({ detail: 'value of tcp-mss out of range (0..65535)' });
    expect((await ssh('/ip firewall mangle add chain=prerouting action=mark-routing new-routing-mark=nowhere')).output).toContain('input does not match any value of new-routing-mark');
    expect((await ssh('/ip firewall mangle add chain=prerouting random=100')).output).toContain('value of random out of range (1..99)');
    expect((await ssh('/ip firewall mangle add chain=prerouting dst-address-type=everywhere')).output).toContain('input does not match any value of dst-address-type');
    expect(await configOf('/ip/firewall/mangle')).toEqual(before);

    const added = await rest('PUT', '/ip/firewall/mangle', { chain: 'prerouting', action: 'mark-connection', 'new-connection-mark': 'c1', 'per-connection-classifier': 'both-addresses-and-ports:2/0', 'dst-address-type': '!local', passthrough: 'yes' });
    expect(added.status).toBe(201);
    expect((await ssh('/ip firewall mangle add chain=forward action=change-mss new-mss=1300 protocol=tcp tcp-flags=syn tcp-mss=1301-65535 nth=2,1')).output).toBe('');
    expect(await rows('/ip/firewall/mangle')).toEqual([
      ...before,
      expect.objectContaining({ 'per-connection-classifier': 'both-addresses-and-ports:2/0', 'dst-address-type': '!local', passthrough: 'true' }),
      expect.objectContaining({ 'tcp-flags': 'syn', 'tcp-mss': '1301-65535', nth: '2,1' }),
    ]);
    const id = (added.body as Record<string, string>)['.id'];
    expect((await rest('PATCH', `/ip/firewall/mangle/${id}`, { nth: '2' })).body).toMatchObject({ detail: 'invalid value for argument nth' });
    const raw = await rows('/ip/firewall/raw');
    expect((await ssh('/ip firewall raw add chain=prerouting protocol=tcp tcp-flags=!fin,!syn,nul action=drop')).output).toContain('input does not match any value of tcp-flags');
    expect((await ssh('/ip firewall raw add chain=prerouting protocol=tcp tcp-flags=!fin,!syn,!rst,!ack action=drop')).output).toBe('');
    expect(await rows('/ip/firewall/raw')).toEqual([...raw, expect.objectContaining({ 'tcp-flags': '!fin,!syn,!rst,!ack' })]);
  });

  it('takes IPFIX fields as yes/no, refusing other words over REST and the console', async () => {
    const before = (await rest('GET', '/ip/traffic-flow/ipfix')).body;
    const refused = await rest('POST', '/ip/traffic-flow/ipfix/set', { 'nat-events': 'perhaps' });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ detail: 'invalid value of nat-events: perhaps' });
    expect((await ssh('/ip traffic-flow ipfix set bytes=some')).output).toContain('invalid value of bytes: some');
    expect((await rest('GET', '/ip/traffic-flow/ipfix')).body).toEqual(before);
    expect((await ssh('/ip traffic-flow ipfix set nat-events=yes bytes=no')).output).toBe('');
    expect((await rest('GET', '/ip/traffic-flow/ipfix')).body).toMatchObject({ 'nat-events': 'true', bytes: 'false' });
  });
  it('refuses wifi properties the WiFi manual page types, over REST and the console, changing nothing', async () => {
    const before = { cfg: await rows('/interface/wifi/configuration'), sec: await rows('/interface/wifi/security'), wifi: await configOf('/interface/wifi') };
    const refused = await rest('PUT', '/interface/wifi/configuration', { name: 'cfg1', ssid: 'Office', 'dtim-period': '0' });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ detail: 'value of dtim-period out of range (1..255)' });
    expect((await rest('PUT', '/interface/wifi/configuration', { name: 'cfg1', 'hide-ssid': 'maybe' })).body).toMatchObject({ detail: 'invalid value of hide-ssid: maybe' });
    expect((await ssh('/interface wifi security add name=sec1 management-protection=on')).output).toContain('input does not match any value of management-protection');
    expect((await ssh('/interface wifi set [find default-name=wifi1] configuration.tx-power=50')).output).toContain('value of configuration.tx-power out of range (0..40)');
    expect({ cfg: await rows('/interface/wifi/configuration'), sec: await rows('/interface/wifi/security'), wifi: await configOf('/interface/wifi') }).toEqual(before);

    expect((await rest('PUT', '/interface/wifi/configuration', { name: 'cfg1', ssid: 'Office', 'dtim-period': '3', 'hide-ssid': 'yes', 'channel.skip-dfs-channels': '10min-cac' })).status).toBe(201);
    expect((await ssh('/interface wifi security add name=sec1 management-protection=required ft=yes group-encryption=gcmp-256')).output).toBe('');
    expect(await rows('/interface/wifi/configuration')).toEqual([...before.cfg, expect.objectContaining({ name: 'cfg1', 'dtim-period': '3', 'hide-ssid': 'true', 'channel.skip-dfs-channels': '10min-cac' })]);
    expect(await rows('/interface/wifi/security')).toEqual([...before.sec, expect.objectContaining({ name: 'sec1', 'management-protection': 'required', ft: 'true', 'group-encryption': 'gcmp-256' })]);
  });
});
