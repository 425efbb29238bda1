import type { Row, RowOperation } from '@routeros-mcp/domain-changes';
import { apply, edgeDevice, LOGIN } from '../../../test/management-path.fixtures';
import { evaluateManagementPath } from './management-path';

type Rows = Record<string, Row[]>;
const add = (menu: string, props: Record<string, string>): RowOperation => ({ kind: 'add', menu, props });
const MANGLE = 'ip/firewall/mangle';

/** The edge device with its mangle read, a table `dead` that blackholes the NOC and a table `wan` out of uplink A. */
function edge(): Rows {
  const rows = edgeDevice();
  rows['routing/table'].push({ '.id': '*1', name: 'dead', fib: 'true' }, { '.id': '*2', name: 'wan', fib: 'true' });
  rows['ip/route'].push(
    { '.id': '*90', 'dst-address': '10.100.250.0/24', gateway: '10.100.5.254', blackhole: 'true', 'routing-table': 'dead', disabled: 'false' },
    { '.id': '*91', 'dst-address': '0.0.0.0/0', gateway: '203.0.113.1', 'routing-table': 'wan', disabled: 'false' },
  );
  return { ...rows, [MANGLE]: [{ '.id': '*M1', chain: 'forward', action: 'change-mss', 'new-mss': 'clamp-to-pmtu', protocol: 'tcp', 'tcp-flags': 'syn', passthrough: 'yes', disabled: 'false' }] };
}

function judge(ops: RowOperation[]) {
  const before = edge();
  return evaluateManagementPath(before, apply(before, ops), LOGIN);
}

describe('mangle routing marks on the service replies', () => {
  it.each<[string, RowOperation[], RegExp, string?]>([
    ['a routing mark into a table that blackholes the NOC', [add(MANGLE, { chain: 'output', action: 'mark-routing', 'new-routing-mark': 'dead', 'dst-address': '10.100.250.10' })], /^the replies of tcp\/443 to 10\.100\.250\.10 \(routing mark dead\) would find no route back \(route \*90 10\.100\.250\.0\/24 via 10\.100\.5\.254 is a blackhole\)$/],
    ['a routing mark into a table that routes out of the uplink', [add(MANGLE, { chain: 'output', action: 'mark-routing', 'new-routing-mark': 'wan', protocol: 'tcp' })], /\(routing mark wan\) would leave through sfp-sfpplus1 .* instead of vlan100-mgmt$/],
    ['a connection mark the output chain turns into the dead mark', [
      add(MANGLE, { chain: 'prerouting', action: 'mark-connection', 'new-connection-mark': 'noc', 'src-address': '10.100.250.10' }),
      add(MANGLE, { chain: 'output', action: 'mark-routing', 'new-routing-mark': 'dead', 'connection-mark': 'noc' }),
    ], /\(routing mark dead\) would find no route back/],
    ['a jump in the output chain', [add(MANGLE, { chain: 'output', action: 'jump', 'jump-target': 'marks' })], /jumps to marks, which this evaluation does not model/, 'not_evaluated'],
  ])('refuses %s', (_name, ops, reason, status = 'fail') => {
    const verdict = judge(ops);
    expect([verdict.status, verdict.message]).toEqual([status, expect.stringMatching(reason)]);
  });

  it.each<[string, RowOperation[]]>([
    ['a routing mark for other traffic', [add(MANGLE, { chain: 'output', action: 'mark-routing', 'new-routing-mark': 'wan', 'dst-address': '192.0.2.0/24' })]],
    ['a routing mark after a passthrough=no mark', [add(MANGLE, { chain: 'output', action: 'mark-packet', 'new-packet-mark': 'x', passthrough: 'no' }), add(MANGLE, { chain: 'output', action: 'mark-routing', 'new-routing-mark': 'wan' })]],
    ['a routing mark for another connection mark', [add(MANGLE, { chain: 'output', action: 'mark-routing', 'new-routing-mark': 'dead', 'connection-mark': 'guests' })]],
    ['a routing mark into a table without a route for the NOC (the lookup falls through to main)', [add(MANGLE, { chain: 'output', action: 'mark-routing', 'new-routing-mark': 'empty' })]],
    ['a prerouting routing mark (it marks the requests, not the replies)', [add(MANGLE, { chain: 'prerouting', action: 'mark-routing', 'new-routing-mark': 'dead', 'src-address': '10.100.250.10' })]],
  ])('passes %s', (_name, ops) => {
    expect(judge(ops).status).toBe('pass');
  });
});
