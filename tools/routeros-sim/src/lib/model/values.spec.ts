import { matchesQuery, parseProplist, project } from '../rest/print-query';
import { formatDuration, formatId, formatMillis, formatRtt, noise, normaliseBool } from './values';

describe('RouterOS value forms', () => {
  it.each([[0, '0s'], [45, '45s'], [60, '1m'], [3725, '1h2m5s'], [694_805, '1w1d1h5s']])('%i s → %s', (s, text) => expect(formatDuration(s)).toBe(text));
  it.each([['yes', 'true'], ['no', 'false'], ['TRUE', 'true'], ['false', 'false'], ['maybe', undefined]])('bool %s → %s', (i, o) => expect(normaliseBool(i)).toBe(o));
  it.each([[0.453, '453us'], [12.3844, '12ms384us'], [3, '3ms'], [0.0004, '0us']])('round trip %f ms → %s', (ms, text) => expect(formatRtt(ms)).toBe(text));
  it.each([[1.6 * 3, '4.8ms'], [12, '12ms'], [0.04, '0ms'], [7.25, '7.3ms']])('traceroute column %f ms → %s', (ms, text) => expect(formatMillis(ms)).toBe(text));
  it('formats ids as * plus upper-case hex', () => expect([formatId(1), formatId(0x8000000a)]).toEqual(['*1', '*8000000A']));
  it('moves counters deterministically from the seed', () => {
    expect(noise(1, 'cpu', 5)).toBe(noise(1, 'cpu', 5));
    expect(noise(1, 'cpu', 5)).not.toBe(noise(2, 'cpu', 5));
    expect(noise(1, 'cpu', 5)).not.toBe(noise(1, 'cpu', 6));
    const values = Array.from({ length: 1000 }, (_, i) => noise(7, 'x', i));
    expect(Math.min(...values)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...values)).toBeLessThan(1);
  });
});

describe('print queries', () => {
  const row = { name: 'ether1', type: 'ether', mtu: '1500', disabled: 'false' };
  it.each([
    [['type=ether'], true],
    [['type=vlan'], false],
    [['type=vlan', 'type=ether', '#|'], true],
    [['type=ether', 'mtu>1400', '#&'], true],
    [['mtu<1400'], false],
    [['comment'], false],
    [['-comment'], true],
    [['type=ether', '#!'], false],
    [['name=ether1', 'disabled=false'], true],
  ] as const)('%j → %s', (words, expected) => expect(matchesQuery(row, words)).toBe(expected));
  it.each([[['#|']], [['#x']], [['a b=c']], [['-x=1']]])('rejects malformed %j', (words) => expect(matchesQuery(row, words)).toBeUndefined());
  it('projects and sorts properties', () => {
    expect(project({ b: '2', a: '1', c: '3' }, ['c', 'a', 'zz'])).toEqual({ a: '1', c: '3' });
    expect(Object.keys(project({ b: '2', a: '1' }, undefined))).toEqual(['a', 'b']);
    expect(parseProplist('a, b,,c')).toEqual(['a', 'b', 'c']);
    expect(parseProplist(['x'])).toEqual(['x']);
  });
});
