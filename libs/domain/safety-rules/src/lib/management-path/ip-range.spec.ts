import { ipv4ToNumber, parseInterfaceAddress, parseIpv4Range, prefixLength } from './ip-range';

const n = (ip: string) => ipv4ToNumber(ip)!;

describe('ip-range', () => {
  it.each([
    ['10.0.0.5', '10.0.0.5', '10.0.0.5'],
    ['10.0.0.0/24', '10.0.0.0', '10.0.0.255'],
    ['10.0.0.77/24', '10.0.0.0', '10.0.0.255'],
    ['0.0.0.0/0', '0.0.0.0', '255.255.255.255'],
    ['192.168.88.200-192.168.88.254', '192.168.88.200', '192.168.88.254'],
    [' 10.1.2.3/32 ', '10.1.2.3', '10.1.2.3'],
  ])('parses %s', (text, lo, hi) => {
    expect(parseIpv4Range(text)).toEqual({ lo: n(lo), hi: n(hi) });
  });

  it.each(['10.1', '0x0a.0.0.1', '10.0.0.256', '10.0.0.0/33', '2001:db8::/32', 'example.com', ''])('refuses %s', (text) => {
    expect(parseIpv4Range(text)).toBeUndefined();
  });

  it('splits an interface address into its address and connected network', () => {
    expect(parseInterfaceAddress('192.168.88.1/24')).toEqual({ ip: n('192.168.88.1'), ipText: '192.168.88.1', network: { lo: n('192.168.88.0'), hi: n('192.168.88.255') } });
    expect(prefixLength(parseIpv4Range('10.0.0.0/8')!)).toBe(8);
  });
});

describe('ip-range reads IPv4 as the planners and RouterOS do', () => {
  // RouterOS refuses both: ipaddr.js alone read `010.0.0.1` as 8.0.0.1, and an inverted range came back as bounds.
  it.each(['010.0.0.1', '10.0.0.1-10.0.0.010', '10.0.0.9-10.0.0.1'])('refuses %s like any other unreadable set', (text) => {
    expect(parseIpv4Range(text)).toBeUndefined();
  });

  it('refuses an octal address and interface address', () => {
    expect(ipv4ToNumber('010.0.0.1')).toBeUndefined();
    expect(parseInterfaceAddress('010.0.0.1/24')).toBeUndefined();
  });
});
