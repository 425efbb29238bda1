import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkValue, valueRule } from './value-description';

// The trees are vendored at the repository root; ROUTEROS_INSPECT_DIR points elsewhere.
const REFERENCE = process.env['ROUTEROS_INSPECT_DIR'] ?? join(__dirname, ...Array(6).fill('..'), 'reference', 'routeros-inspect');

/** Every distinct value description of both trees. */
function descriptions(): Set<string> {
  const out = new Set<string>();
  const walk = (node: Record<string, unknown>) => {
    for (const [key, child] of Object.entries(node)) {
      if (key === '_type' || typeof child !== 'object' || child === null) continue;
      const c = child as Record<string, unknown>;
      if (c['_type'] === 'arg' && typeof c['desc'] === 'string') out.add(c['desc']);
      else walk(c);
    }
  };
  for (const version of ['7.15.3', '7.20.5']) walk(JSON.parse(readFileSync(join(REFERENCE, `${version}.json`), 'utf8')));
  return out;
}

describe('the value descriptions of RouterOS command trees', () => {
  it('are all understood: only "see documentation" and "script" leave a value to the device', () => {
    const unread = [...descriptions()].filter((d) => valueRule(d).kind === 'any');
    expect(unread.sort()).toEqual(['script', 'see documentation']);
  });

  it.each([
    ['string value, max length 16', 'sixteen-chars-ok', true],
    ['string value, max length 16', 'seventeen-chars-x', false],
    ['string value, min length 8, max length 64', 'short', false],
    ['hexadecimal string value, max length 16', 'a1b2', true],
    ['hexadecimal string value, max length 16', 'xyz', false],
    ['0..4294967295', '4294967295', true],
    ['0..4294967295', '4294967296', false],
    ['0..4294967295', '-1', false],
    ['0..4294967295', '1e3', false],
    ['1s..1d    (time interval)', '1h', true],
    ['1s..1d    (time interval)', '00:30:00', true],
    ['1s..1d    (time interval)', '2d', false],
    ['1s..1d    (time interval)', '500ms', false],
    ['00:00:00.200..    (time interval)', '1w', true],
    ['00:00:00.200..    (time interval)', '100ms', false],
    ['time interval', '5m30s', true],
    ['time interval', 'soon', false],
    ['A.B.C.D    (IP address)', '192.0.2.1', true],
    ['A.B.C.D    (IP address)', '192.0.2.256', false],
    ['A.B.C.D    (IP address)', '010.0.0.1', false],
    // The tree describes only the first form: /ip/address takes the prefix length, /ip/dns servers a list of both families.
    ['A.B.C.D    (IP address)', '192.168.30.1/24', true],
    ['A.B.C.D    (IP address)', '192.0.2.53,2001:db8::53', true],
    ['A.B.C.D    (IP address)', '10.0.0.1-10.0.0.9', true],
    ['A.B.C.D    (IP address)', '10.0.0.1/33', false],
    ['A.B.C.D    (IP address)', '10.0.0.1/24/8', false],
    ['A.B.C.D    (IP address)', '192.0.2.1,', false],
    // A union the tree describes by its first member: /ip/address add address= takes a prefix length too.
    ['A.B.C.D    (IP address)', '192.0.2.1/24', true],
    ['A.B.C.D    (IP address)', '192.0.2.1/33', false],
    ['none | A.B.C.D    (IP address)', 'none', true],
    ['A.B.C.D/M    (IP prefix)', '10.0.0.0/8', true],
    ['A.B.C.D/M    (IP prefix)', '10.0.0.0/33', false],
    ['A.B.C.D[-A.B.C.D |0..32 |/A.B.C.D ]    (IP address range)', '10.0.0.1-10.0.0.9', true],
    ['A.B.C.D[-A.B.C.D |0..32 |/A.B.C.D ]    (IP address range)', '10.0.0.0/255.255.255.0', true],
    ['A.B.C.D[-A.B.C.D |0..32 |/A.B.C.D ]    (IP address range)', '10.0.0.0/24', true],
    ['A.B.C.D[-A.B.C.D |0..32 |/A.B.C.D ]    (IP address range)', '10.0.0.1-x', false],
    ['IPv6/0..128    (IPv6 prefix)', '2001:db8::/32', true],
    ['IPv6/0..128    (IPv6 prefix)', '2001:db8::/129', false],
    // /snmp/community addresses= (described by its IPv6 member) takes IPv4 prefixes and lists of both.
    ['IPv6/0..128    (IPv6 prefix)', '192.0.2.1', true],
    ['IPv6/0..128    (IPv6 prefix)', '10.0.2.0/24,2001:db8::/32', true],
    ['IPv6/0..128    (IPv6 prefix)', '10.0.2.0/33', false],
    ['IPv6/0..128    (IPv6 prefix)', 'example', false],
    ['AB[:|-|.]CD[:|-|.]EF[:|-|.]GH[:|-|.]IJ[:|-|.]KL    (MAC address)', 'DC:A6:32:01:02:03', true],
    ['AB[:|-|.]CD[:|-|.]EF[:|-|.]GH[:|-|.]IJ[:|-|.]KL    (MAC address)', 'DC:A6:32:01:02', false],
    ['ip|ipv6[,Afi*]', 'ip,ipv6', true],
    ['ip|ipv6[,Afi*]', 'ip,ipx', false],
    ['l1|l2[,Levels*]', 'l1', true],
    ['19|20|21[,DhGroups*]', '20', true],
    ['see documentation', 'anything; at all', true],
  ])('%s takes %j: %s', (desc, value, ok) => expect(checkValue(desc, value).ok).toBe(ok));

  it("answers what the argument accepts in RouterOS's words", () => {
    expect(checkValue('1s..1d    (time interval)', '2d')).toEqual({ ok: false, expected: '1s..1d (time interval)' });
    expect(checkValue(undefined, 'x')).toEqual({ ok: true });
  });
});
