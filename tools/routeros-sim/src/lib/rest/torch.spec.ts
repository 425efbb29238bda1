import { seededDevice, refusal } from '../testing/seeded-device.fixture';
import { torchRows } from './torch';

type Rows = Record<string, string>[];
const total = (rows: Rows, key: 'tx' | 'rx') => rows.reduce((sum, r) => sum + Number(r[key]), 0);

describe('torch filtered by address, port and protocol', () => {
  const device = seededDevice('home');
  const torch = (args: Record<string, string>) => torchRows(device, { interface: 'bridge', ...args }) as Rows;

  it('classifies the LAN by source address: its DHCP clients, each with part of the interface traffic', () => {
    const rows = torch({ 'src-address': '0.0.0.0/0' });
    const sources = rows.map((r) => r['src-address']);
    expect(sources).toEqual(expect.arrayContaining(['192.168.88.254']));
    expect(sources.filter((s) => s.startsWith('192.168.88.')).length).toBeGreaterThanOrEqual(3);
    expect(rows.every((r) => Object.keys(r).sort().join() === '.section,rx,rx-packets,src-address,tx,tx-packets')).toBe(true);
    const [whole] = torch({});
    expect(total(rows, 'tx')).toBeGreaterThan(Number(whole['tx']) * 0.8);
    expect(total(rows, 'tx')).toBeLessThan(Number(whole['tx']) * 1.2);
  });

  it('keeps only the flows of one host, one destination or one port, with those columns', () => {
    const host = torch({ 'src-address': '192.168.88.254/32', 'dst-address': '0.0.0.0/0', port: 'any' });
    expect(host.length).toBeGreaterThan(0);
    expect(host.every((r) => r['src-address'] === '192.168.88.254' && r['dst-address'] && 'src-port' in r && 'dst-port' in r)).toBe(true);
    const dns = torch({ port: 'dns', 'ip-protocol': 'any' });
    expect(dns.map((r) => [r['ip-protocol'], r['dst-port']])).toEqual([['udp', '53']]);
    expect(torch({ port: '443', 'ip-protocol': 'tcp' }).every((r) => r['dst-port'] === '443' && r['ip-protocol'] === 'tcp')).toBe(true);
    expect(torch({ 'dst-address': '8.8.8.8' }).map((r) => r['dst-address'])).toEqual(['8.8.8.8']);
    expect(torch({ 'dst-address': '203.0.113.0/24' })).toEqual([]);
  });

  it('shows IPv6 flows by src-address6/dst-address6 and leaves them out of an IPv4 filter', () => {
    const v6 = torch({ 'dst-address6': '2606:4700::/32' });
    expect(v6.map((r) => r['dst-address'])).toEqual(['2606:4700:4700::1111']);
    expect(torch({ 'src-address': '192.168.88.0/24', 'mac-protocol': 'any' }).map((r) => r['mac-protocol'])).not.toContain('ipv6');
  });

  it('answers the uplink with the router as every flow\'s source (its traffic is NATed)', () => {
    const rows = torchRows(device, { interface: 'ether1', 'src-address': '0.0.0.0/0', 'mac-protocol': 'ip' }) as Rows;
    expect(rows.length).toBe(1);
    expect(rows[0]['src-address']).toBe('100.71.12.34');
  });

  it('refuses addresses and ports it cannot read, naming the argument', () => {
    expect(refusal(() => torch({ 'src-address': '300.1.1.1' }))).toBe('invalid value of src-address: 300.1.1.1');
    expect(refusal(() => torch({ 'dst-address6': 'nope' }))).toBe('invalid value of dst-address6: nope');
    expect(refusal(() => torch({ port: '70000' }))).toBe('invalid value of port: 70000');
  });
});
