import { isRouterOsId, parseBool, parseId, parseInteger, parseList, parseRate, parseSize } from './routeros-values';

describe('RouterOS value formats', () => {
  it.each([
    ['true', true], ['yes', true], ['false', false], ['no', false], ['', undefined], ['True', undefined], [undefined, undefined],
  ])('bool %p → %p', (input, expected) => expect(parseBool(input)).toBe(expected));

  it.each([
    ['1500', 1500], ['-3', -3], ['0', 0], ['1.5', undefined], ['12a', undefined], ['', undefined], ['99999999999999999999', undefined],
  ])('integer %p → %p', (input, expected) => expect(parseInteger(input)).toBe(expected));


  it.each([
    ['2048KiB', 2097152], ['1.5MiB', 1572864], ['512', 512], ['4GiB', 4294967296], ['10k', 10000], ['12 parsecs', undefined], ['', undefined],
  ])('size %p → %p bytes', (input, expected) => expect(parseSize(input)).toBe(expected));

  it.each([
    ['1200.9Mbps', 1_200_900_000], ['10M', 10_000_000], ['64k', 64_000], ['866.6Mbps-80MHz/2S/SGI', 866_600_000], ['0bps', 0], ['fast', undefined],
  ])('rate %p → %p bit/s', (input, expected) => expect(parseRate(input)).toBe(expected));

  it.each([
    ['*1', 1], ['*1A', 26], ['*80000000', 0x80000000], ['1', undefined], ['*', undefined], ['*XYZ', undefined],
  ])('id %p → %p', (input, expected) => {
    expect(parseId(input)).toBe(expected);
    expect(isRouterOsId(input)).toBe(expected !== undefined);
  });

  it('lists', () => {
    expect(parseList('a,b,,c')).toEqual(['a', 'b', 'c']);
    expect(parseList('')).toEqual([]);
  });
});
