import { RestError } from '../rest/rest-error';
import { storedSchema } from '../schema/menu-schema';
import { parseTimeMs } from './values';
import { checkValue, parseValueDescription, ValueKind, ValueRule } from './value-rules';

const check = (desc: string, value: string, firstAlternativeOnly = false) => {
  try {
    return checkValue(parseValueDescription(desc), 'x', value, { firstAlternativeOnly });
  } catch (error) {
    return `! ${(error as RestError).detail}`;
  }
};

describe('every value description of both command trees', () => {
  const descs = storedSchema().descs;
  const kinds = (rule: ValueRule): ValueKind[] => (rule.kind === 'union' ? ['union', ...rule.rules.flatMap(kinds)] : [rule.kind]);

  it('parses into a rule, or is free text on purpose (never an unread syntax)', () => {
    const unread = descs.filter((d) => {
      const rule = parseValueDescription(d);
      return kinds(rule).includes('free') && !['see documentation', 'script'].includes(d);
    });
    expect(unread).toEqual([]);
  });

  it('counts the distinct descriptions per kind (127 across 7.15.3 and 7.20.5)', () => {
    const count: Record<string, number> = {};
    for (const d of descs) {
      const kind = parseValueDescription(d).kind;
      count[kind] = (count[kind] ?? 0) + 1;
    }
    expect(descs.length).toBe(127);
    expect(count).toEqual({ time: 49, string: 17, enum: 51, free: 2, ipv4: 1, mac: 1, union: 2, 'ipv4-range': 1, 'ipv4-prefix': 1, 'ipv6-prefix': 1, integer: 1 });
  });
});

describe('reading descriptions', () => {
  it.each<[string, ValueRule]>([
    ['string value', { kind: 'string' }],
    ['string value, min length 1, max length 510', { kind: 'string', min: 1, max: 510 }],
    ['hexadecimal string value, max length 16', { kind: 'string', hex: true, max: 16 }],
    ['0..4294967295', { kind: 'integer', min: 0, max: 4294967295 }],
    ['time interval', { kind: 'time' }],
    ['00:00:00.200..    (time interval)', { kind: 'time', min: 200, range: '00:00:00.200..' }],
    ['1s..18h12m15s    (time interval)', { kind: 'time', min: 1000, max: 65_535_000, range: '1s..18h12m15s' }],
    ['100ms..71w2h27m52s950ms    (time interval)', { kind: 'time', min: 100, max: 42_949_672_950, range: '100ms..71w2h27m52s950ms' }],
    ['A.B.C.D    (IP address)', { kind: 'ipv4' }],
    ['A.B.C.D/M    (IP prefix)', { kind: 'ipv4-prefix' }],
    ['IPv6/0..128    (IPv6 prefix)', { kind: 'ipv6-prefix' }],
    ['A.B.C.D[-A.B.C.D |0..32 |/A.B.C.D ]    (IP address range)', { kind: 'ipv4-range' }],
    ['AB[:|-|.]CD[:|-|.]EF[:|-|.]GH[:|-|.]IJ[:|-|.]KL    (MAC address)', { kind: 'mac' }],
    ['ip|ipv6[,Afi*]', { kind: 'enum', values: ['ip', 'ipv6'], list: true }],
    ['unspecified | A.B.C.D    (IP address)', { kind: 'union', rules: [{ kind: 'enum', values: ['unspecified'], list: false }, { kind: 'ipv4' }] }],
    ['see documentation', { kind: 'free', reason: 'RouterOS defers to its manual' }],
    ['something new    (frobnication)', { kind: 'free', reason: 'unread syntax: something new    (frobnication)' }],
  ])('%s', (desc, rule) => expect(parseValueDescription(desc)).toEqual(rule));
});

describe('RouterOS time values', () => {
  it.each<[string, number | undefined]>([
    ['90', 90_000], ['1.5', 1500], ['1d2h3m4s', 93_784_000], ['00:05:00', 300_000], ['1d02:00:00', 93_600_000], ['00:00:00.020', 20],
    ['500ms', 500], ['1m30s', 90_000], ['1w', 604_800_000], ['71w2h27m52s950ms', 42_949_672_950],
    ['banana', undefined], ['', undefined], ['1x', undefined], ['5s1m', undefined], ['1:2:3', undefined],
  ])('%s → %s ms', (text, ms) => expect(parseTimeMs(text)).toBe(ms));
});

describe('checking values as the description says, with RouterOS refusals', () => {
  it.each([
    ['string value, max length 16', 'a'.repeat(16), 'a'.repeat(16)],
    ['string value, max length 16', 'a'.repeat(17), '! invalid value for argument x'],
    ['string value, min length 3, max length 3', 'ab', '! invalid value for argument x'],
    ['hexadecimal string value', '0aFf', '0aFf'],
    ['hexadecimal string value', '0xzz', '! invalid value for argument x'],
    ['0..4294967295', '65000', '65000'],
    ['0..4294967295', '4294967296', '! value of x out of range (0..4294967295)'],
    ['0..4294967295', 'many', '! invalid value for argument x'],
    ['time interval', '1h', '1h'],
    ['time interval', 'banana', '! invalid value for argument x'],
    ['00:00:00.200..    (time interval)', '100ms', '! value of x out of range (00:00:00.200..)'],
    ['00:00:00.200..    (time interval)', '00:00:01', '00:00:01'],
    ['1s..18h12m15s    (time interval)', '18h12m16s', '! value of x out of range (1s..18h12m15s)'],
    ['A.B.C.D    (IP address)', '192.0.2.1', '192.0.2.1'],
    ['A.B.C.D    (IP address)', '192.0.2.300', '! invalid value for argument x'],
    ['A.B.C.D/M    (IP prefix)', '192.0.2.0/24', '192.0.2.0/24'],
    ['A.B.C.D/M    (IP prefix)', '192.0.2.0/33', '! invalid value for argument x'],
    ['IPv6/0..128    (IPv6 prefix)', '2001:db8::/32', '2001:db8::/32'],
    ['IPv6/0..128    (IPv6 prefix)', '2001:db8::/129', '! invalid value for argument x'],
    ['A.B.C.D[-A.B.C.D |0..32 |/A.B.C.D ]    (IP address range)', '10.0.0.1-10.0.0.9', '10.0.0.1-10.0.0.9'],
    ['A.B.C.D[-A.B.C.D |0..32 |/A.B.C.D ]    (IP address range)', '10.0.0.0/255.255.255.0', '10.0.0.0/255.255.255.0'],
    ['A.B.C.D[-A.B.C.D |0..32 |/A.B.C.D ]    (IP address range)', '10.0.0.9-10.0.0.1', '! invalid value for argument x'],
    ['A.B.C.D[-A.B.C.D |0..32 |/A.B.C.D ]    (IP address range)', '10.0.0.0/255.0.255.0', '! invalid value for argument x'],
    ['AB[:|-|.]CD[:|-|.]EF[:|-|.]GH[:|-|.]IJ[:|-|.]KL    (MAC address)', 'aa-bb-cc-dd-ee-ff', 'AA:BB:CC:DD:EE:FF'],
    ['AB[:|-|.]CD[:|-|.]EF[:|-|.]GH[:|-|.]IJ[:|-|.]KL    (MAC address)', 'aabb.ccdd.eeff', 'AA:BB:CC:DD:EE:FF'],
    ['AB[:|-|.]CD[:|-|.]EF[:|-|.]GH[:|-|.]IJ[:|-|.]KL    (MAC address)', 'aabbccddeeff', 'AA:BB:CC:DD:EE:FF'],
    ['AB[:|-|.]CD[:|-|.]EF[:|-|.]GH[:|-|.]IJ[:|-|.]KL    (MAC address)', 'aa:bb:cc', '! invalid value of x, mac address required'],
    ['ip|ipv6[,Afi*]', 'ip,ipv6', 'ip,ipv6'],
    ['ip|ipv6[,Afi*]', 'ip,ipx', '! input does not match any value of x'],
    ['19|20|21[,DhGroups*]', '', ''],
    ['unspecified | A.B.C.D    (IP address)', 'unspecified', 'unspecified'],
    ['unspecified | A.B.C.D    (IP address)', '192.0.2.1', '192.0.2.1'],
    ['unspecified | A.B.C.D    (IP address)', 'sometimes', '! invalid value for argument x'],
    ['see documentation', 'anything at all', 'anything at all'],
  ])('%s: %s → %s', (desc, value, expected) => expect(check(desc, value)).toBe(expected));

  it.each([
    // `/ip/dns servers`, `/tool/ping address`, `/ip/ipsec/policy src-address`, `/ppp/profile local-address`: the
    // description is the first alternative only, so other address forms, lists and names pass.
    ['A.B.C.D    (IP address)', '1.1.1.1,2606:4700::1111', '1.1.1.1,2606:4700::1111'],
    ['AB[:|-|.]CD[:|-|.]EF[:|-|.]GH[:|-|.]IJ[:|-|.]KL    (MAC address)', '192.0.2.1', '192.0.2.1'],
    ['IPv6/0..128    (IPv6 prefix)', '10.0.0.0/8', '10.0.0.0/8'],
    ['A.B.C.D    (IP address)', 'pool1', 'pool1'],
    ['A.B.C.D    (IP address)', '192.0.2.300', '! invalid value for argument x'],
    ['IPv6/0..128    (IPv6 prefix)', '2001:db8::zz', '! invalid value for argument x'],
    ['AB[:|-|.]CD[:|-|.]EF[:|-|.]GH[:|-|.]IJ[:|-|.]KL    (MAC address)', '00:11:22', '! invalid value of x, mac address required'],
  ])('as a first alternative, %s: %s → %s', (desc, value, expected) => expect(check(desc, value, true)).toBe(expected));
});
