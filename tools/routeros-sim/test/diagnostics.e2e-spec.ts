import { Fleet, startFleet } from '../src';
import { call } from './rest-client';
import { sshOnce } from './ssh-client';

type Rows = Record<string, string>[];

describe.each(['7.15.3', '7.20.5'])('RouterOS %s diagnostics: ping, traceroute, torch, monitor-traffic', (version) => {
  let fleet: Fleet;
  beforeAll(async () => (fleet = await startFleet({ devices: 1, version, profile: 'home' })));
  afterAll(() => fleet.stop());

  const rest = (method: string, path: string, body?: unknown) => call(fleet.devices[0].restUrl, method, path, { body });
  const ssh = (command: string) => sshOnce(fleet.devices[0].sshPort, command, { password: 'admin' });
  const detail = (reply: { status: number; body: unknown }) => ({ status: reply.status, detail: (reply.body as { detail?: string }).detail });

  it('traces through the DHCP client default route: the ISP gateway first, the target last, at most max-hops rows', async () => {
    const rows = (await rest('POST', '/tool/traceroute', { address: '8.8.8.8', count: '2' })).body as Rows;
    expect(rows[0]).toMatchObject({ address: '100.71.12.1', loss: '0%', sent: '2' });
    expect(rows[rows.length - 1]).toMatchObject({ address: '8.8.8.8' });
    expect(rows.length).toBeGreaterThan(2);
    expect((await rest('POST', '/tool/traceroute', { address: '8.8.8.8', count: '1', 'max-hops': '2' })).body).toHaveLength(2);
    // On the LAN the target is the only hop.
    expect(((await rest('POST', '/tool/traceroute', { address: '192.168.88.20', count: '1' })).body as Rows).map((r) => r['address'])).toEqual(['192.168.88.20']);
    const console = (await ssh('/tool traceroute 8.8.8.8 count=1')).output;
    expect(console).toMatch(/^Columns: ADDRESS, LOSS, SENT, LAST, AVG, BEST, WORST, STD-DEV, STATUS\r\n#\s+ADDRESS/);
    expect(console).toMatch(/\r\n1\s+100\.71\.12\.1\s+0%\s+1\s+/);
    expect(console).toMatch(/\s8\.8\.8\.8\s+0%/);
  });

  it('refuses a traceroute without an address, with an argument the tree lacks, or a bad max-hops, on REST and SSH', async () => {
    expect(detail(await rest('POST', '/tool/traceroute', { count: '1' }))).toEqual({ status: 400, detail: 'missing value for address' });
    expect(detail(await rest('POST', '/tool/traceroute', { address: '8.8.8.8', count: '1', bogus: '1' }))).toEqual({ status: 400, detail: 'unknown parameter bogus' });
    expect(detail(await rest('POST', '/tool/traceroute', { address: '8.8.8.8', count: '1', 'max-hops': '0' }))).toEqual({ status: 400, detail: 'invalid value of max-hops: 0' });
    expect(detail(await rest('POST', '/tool/traceroute', { address: '8.8.8.8', count: '1', interface: 'ether9' }))).toEqual({ status: 400, detail: 'input does not match any value of interface' });
    expect(await ssh('/tool traceroute count=1')).toMatchObject({ code: 1, output: 'missing value for address\r\n' });
    expect(await ssh('/tool traceroute 8.8.8.8 count=1 bogus=1')).toMatchObject({ code: 1, output: 'expected end of command (line 1 column 34)\r\n' });
  });

  it('pings the same way as /ping and /tool/ping over REST and SSH, checking the address and interface', async () => {
    for (const path of ['/ping', '/tool/ping']) {
      const rows = (await rest('POST', path, { address: '192.168.88.1', count: '2' })).body as Rows;
      expect(rows.map((r) => [r['seq'], r['host'], r['sent'], r['received']])).toEqual([['0', '192.168.88.1', '1', '1'], ['1', '192.168.88.1', '2', '2']]);
      expect(detail(await rest('POST', path, { count: '1' }))).toEqual({ status: 400, detail: 'missing value for address' });
      expect(detail(await rest('POST', path, { address: '192.168.88.1', count: '1', interface: 'ether9' }))).toEqual({ status: 400, detail: 'input does not match any value of interface' });
      expect(detail(await rest('POST', path, { address: '192.168.88.1', count: '1', bogus: '1' }))).toEqual({ status: 400, detail: 'unknown parameter bogus' });
    }
    for (const command of ['/ping', '/tool ping']) {
      const out = await ssh(`${command} 192.168.88.1 count=2`);
      expect(out.code).toBe(0);
      expect(out.output).toMatch(/SEQ\s+HOST\s+SIZE\s+TTL\s+TIME\s+STATUS\r\n\s+0\s+192\.168\.88\.1\s+56\s+64\s/);
      expect(out.output).toContain('sent=2 received=2 packet-loss=0%');
      expect(await ssh(`${command} 192.168.88.1 count=1 interface=ether9`)).toMatchObject({ code: 1, output: 'input does not match any value of interface\r\n' });
    }
    // Without count the console stops after three probes (an exec session cannot press Ctrl+C).
    expect((await ssh('/ping 192.168.88.1')).output).toContain('sent=3 received=3');
  });

  it('monitors the traffic of existing interfaces only, once, with rates from the traffic model', async () => {
    const rows = (await rest('POST', '/interface/monitor-traffic', { interface: 'ether1,bridge', once: '' })).body as Rows;
    expect(rows.map((r) => r['name'])).toEqual(['ether1', 'bridge']);
    for (const row of rows) expect(Number(row['rx-bits-per-second'])).toBeGreaterThan(0);
    expect(detail(await rest('POST', '/interface/monitor-traffic', { interface: 'ether9', once: '' }))).toEqual({ status: 400, detail: 'input does not match any value of interface' });
    expect(detail(await rest('POST', '/interface/monitor-traffic', { once: '' }))).toEqual({ status: 400, detail: 'missing value for interface' });
    const out = (await ssh('/interface monitor-traffic ether1 once')).output;
    expect(out).toMatch(/^ +name: ether1\r\n/);
    expect(out).toMatch(/ rx-bits-per-second: [\d.]+[kMG]?bps\r\n/);
    expect(await ssh('/interface monitor-traffic ether9 once')).toMatchObject({ code: 1, output: 'input does not match any value of interface\r\n' });
  });

  it('torches an existing interface: a total row, or one row per protocol class, over REST and SSH', async () => {
    const [total] = (await rest('POST', '/tool/torch', { interface: 'ether1', duration: '1s' })).body as Rows;
    expect(Number(total['tx'])).toBeGreaterThan(0);
    expect(Number(total['rx-packets'])).toBeGreaterThan(0);
    const classes = (await rest('POST', '/tool/torch', { interface: 'ether1', duration: '1s', 'ip-protocol': 'any' })).body as Rows;
    expect(new Set(classes.map((r) => r['ip-protocol'])).size).toBe(classes.length);
    expect(classes.map((r) => r['ip-protocol'])).toEqual(expect.arrayContaining(['tcp', 'udp']));
    expect(((await rest('POST', '/tool/torch', { interface: 'ether1', duration: '1s', 'ip-protocol': 'tcp' })).body as Rows).map((r) => r['ip-protocol'])).toEqual(['tcp']);
    expect(detail(await rest('POST', '/tool/torch', { duration: '1s' }))).toEqual({ status: 400, detail: 'missing value for interface' });
    expect(detail(await rest('POST', '/tool/torch', { interface: 'ether9', duration: '1s' }))).toEqual({ status: 400, detail: 'input does not match any value of interface' });
    expect(detail(await rest('POST', '/tool/torch', { interface: 'ether1', duration: '1s', bogus: '1' }))).toEqual({ status: 400, detail: 'unknown parameter bogus' });
    const out = (await ssh('/tool torch ether1 ip-protocol=any duration=1s')).output;
    expect(out).toMatch(/^Columns: ETH-PROTOCOL, IP-PROTOCOL, TX, RX, TX-PACKETS, RX-PACKETS\r\n/);
    expect(out).toMatch(/\btcp\s+[\d.]+[kMG]?bps\s+[\d.]+[kMG]?bps\s+\d+\s+\d+\r\n/);
    expect(await ssh('/tool torch ether9')).toMatchObject({ code: 1, output: 'input does not match any value of interface\r\n' });
  });
});
