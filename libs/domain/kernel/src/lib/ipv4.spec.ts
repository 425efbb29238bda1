import { cidrSpan, ipv4Class, ipv4EntryText, ipv4Text, prefixLength, readIpv4, readIpv4Entry, readIpv4Prefix, readIpv4Span, sameSpan, spanContains, spansOverlap, splitIpv4Prefix } from '../index';

const n = (text: string) => readIpv4(text)!;
const span = (lo: string, hi: string) => ({ lo: n(lo), hi: n(hi) });

describe('readIpv4', () => {
  it.each([
    ['0.0.0.0', 0],
    ['10.0.0.1', 167772161],
    ['192.168.88.1', 3232258049],
    ['255.255.255.255', 4294967295],
  ])('reads %s', (text, value) => {
    expect(readIpv4(text)).toBe(value);
    expect(ipv4Text(value)).toBe(text);
  });

  it.each([
    ['a short form ipaddr.js would take', '10.1'],
    ['three parts', '10.0.1'],
    ['an octal first octet (ipaddr.js reads 8.0.0.1)', '010.0.0.1'],
    ['a leading zero in the last octet', '10.0.0.01'],
    ['a hex octet', '0x0a.0.0.1'],
    ['a 32-bit number', '167772161'],
    ['an octet over 255', '10.0.0.256'],
    ['five parts', '1.2.3.4.5'],
    ['a prefix', '1.2.3.4/24'],
    ['leading white space', ' 10.0.0.1'],
    ['trailing white space', '10.0.0.1 '],
    ['a tab inside', '10.0.0.\t1'],
    ['IPv6', '2001:db8::1'],
    ['IPv4-mapped IPv6', '::ffff:10.0.0.1'],
    ['a DNS name', 'router.example.com'],
    ['a DNS name that looks numeric', '10.0.0.1.example'],
    ['nothing', ''],
  ])('refuses %s: %p', (_label, text) => {
    expect(readIpv4(text)).toBeUndefined();
  });
});

describe('readIpv4Prefix', () => {
  it('reads a bare address as /32 and keeps host bits', () => {
    expect(readIpv4Prefix('10.0.0.5')).toEqual({ ip: n('10.0.0.5'), prefix: 32 });
    expect(readIpv4Prefix('10.0.0.77/24')).toEqual({ ip: n('10.0.0.77'), prefix: 24 });
    expect(readIpv4Prefix('0.0.0.0/0')).toEqual({ ip: 0, prefix: 0 });
  });

  it.each(['1.2.3.4/33', '1.2.3.4/', '1.2.3.4/024', '1.2.3.4/-1', '1.2.3.4/ 24', '1.2.3.4/24/1', '10.1/8', '010.0.0.0/8', '2001:db8::/32', 'example.com/24'])('refuses %p', (text) => {
    expect(readIpv4Prefix(text)).toBeUndefined();
  });

  it('splits the prefix length before the address is read, so a caller can say which half is wrong', () => {
    expect(splitIpv4Prefix('10.1/8')).toEqual({ address: '10.1', prefix: 8 });
    expect(splitIpv4Prefix('1.2.3.4/33')).toBeUndefined();
  });
});

describe('cidrSpan', () => {
  it.each([
    ['10.0.0.77', 24, '10.0.0.0', '10.0.0.255'],
    ['10.0.0.5', 32, '10.0.0.5', '10.0.0.5'],
    ['10.0.0.5', 31, '10.0.0.4', '10.0.0.5'],
    ['255.255.255.255', 1, '128.0.0.0', '255.255.255.255'],
    ['192.168.1.1', 0, '0.0.0.0', '255.255.255.255'],
  ])('%s/%i covers %s to %s', (ip, prefix, lo, hi) => {
    expect(cidrSpan(n(ip), prefix)).toEqual(span(lo, hi));
  });
});

describe('readIpv4Entry', () => {
  it.each([
    ['10.0.0.5', '10.0.0.5', '10.0.0.5', 32, '10.0.0.5'],
    ['10.0.0.5/32', '10.0.0.5', '10.0.0.5', 32, '10.0.0.5'],
    ['10.0.0.77/24', '10.0.0.0', '10.0.0.255', 24, '10.0.0.0/24'],
    ['0.0.0.0/0', '0.0.0.0', '255.255.255.255', 0, '0.0.0.0/0'],
    ['10.0.0.1-10.0.0.9', '10.0.0.1', '10.0.0.9', undefined, '10.0.0.1-10.0.0.9'],
    ['10.0.0.5-10.0.0.5', '10.0.0.5', '10.0.0.5', undefined, '10.0.0.5-10.0.0.5'],
  ])('reads %s', (text, lo, hi, prefix, stored) => {
    const entry = readIpv4Entry(text)!;
    expect(entry).toEqual(prefix === undefined ? { span: span(lo, hi) } : { span: span(lo, hi), prefix });
    expect(readIpv4Span(text)).toEqual(span(lo, hi));
    expect(ipv4EntryText(entry)).toBe(stored);
  });

  it.each([
    ['an inverted range (a > b)', '10.0.0.9-10.0.0.1'],
    ['a range of prefixes', '10.0.0.0/24-10.0.1.0/24'],
    ['three ends', '10.0.0.1-10.0.0.5-10.0.0.9'],
    ['a range with no start', '-10.0.0.9'],
    ['a range with no end', '10.0.0.1-'],
    ['spaces around the dash', '10.0.0.1 - 10.0.0.9'],
    ['white space around an address', ' 10.0.0.1 '],
    ['a short form', '10.1'],
    ['an octal form', '010.0.0.1'],
    ['a prefix over 32', '1.2.3.4/33'],
    ['an IPv6 prefix', '2001:db8::/32'],
    ['an IPv6 range', '::1-::9'],
    ['a DNS name', 'example.com'],
    ['a DNS name with a dash', 'my-router.example.com'],
    ['nothing', ''],
  ])('refuses %s: %p', (_label, text) => {
    expect(readIpv4Entry(text)).toBeUndefined();
    expect(readIpv4Span(text)).toBeUndefined();
  });
});

describe('spans', () => {
  const net = readIpv4Span('10.0.0.0/24')!;

  it('overlap when they share an address, including one at the edge', () => {
    expect(spansOverlap(net, readIpv4Span('10.0.0.255-10.0.1.5')!)).toBe(true);
    expect(spansOverlap(net, readIpv4Span('10.0.0.128/25')!)).toBe(true);
    expect(spansOverlap(net, readIpv4Span('10.0.1.0/24')!)).toBe(false);
  });

  it('are the same only with the same bounds, however written', () => {
    expect(sameSpan(net, readIpv4Span('10.0.0.0-10.0.0.255')!)).toBe(true);
    expect(sameSpan(net, readIpv4Span('10.0.0.0/25')!)).toBe(false);
  });

  it('contain their bounds and nothing outside them', () => {
    expect(spanContains(net, n('10.0.0.0'))).toBe(true);
    expect(spanContains(net, n('10.0.0.255'))).toBe(true);
    expect(spanContains(net, n('10.0.1.0'))).toBe(false);
  });

  it('give the prefix length of a prefix', () => {
    expect(prefixLength(readIpv4Span('10.0.0.0/8')!)).toBe(8);
    expect(prefixLength(readIpv4Span('10.0.0.1')!)).toBe(32);
    expect(prefixLength(readIpv4Span('0.0.0.0/0')!)).toBe(0);
  });
});

describe('ipv4Class', () => {
  it.each([
    ['0.0.0.0', 'unspecified'],
    ['255.255.255.255', 'broadcast'],
    ['224.0.0.1', 'multicast'],
    ['127.0.0.1', 'loopback'],
    ['192.168.88.1', 'private'],
    ['8.8.8.8', 'unicast'],
  ])('%s is %s', (ip, name) => {
    expect(ipv4Class(n(ip))).toBe(name);
  });
});
