import { InvalidArgumentError } from '@routeros-mcp/domain-kernel';
import { CommandTree } from '../command-tree/command-tree';
import { inverseOperations } from '../inverse-operations';
import { ChangeNotPermittedError, ChangePreconditionError, ChangeTargetNotFoundError } from '../planners/errors/planner-errors';
import type { LiveRows } from '../row-operation';
import type { MenuChangeInput } from './menu-operation';
import { menuChangePlanner } from './menu-change.planner';
import type { MenuActionRule, MenuShape } from './menu-shape';
import { treeShape } from './menu-shape';

// A slice of RouterOS's tree in its inspect form, with the descriptions RouterOS gives.
const arg = (desc?: string) => ({ _type: 'arg', ...(desc ? { desc } : {}) });
const NAT_ARGS = { chain: arg('string value'), action: arg('accept|dst-nat|masquerade|src-nat'), 'dst-port': arg(), 'to-ports': arg('0..65535'), 'in-interface': arg(), 'to-addresses': arg('A.B.C.D    (IP address)'), comment: arg(), disabled: arg('yes|no') };
const tree = CommandTree.fromInspect('7.20.5', {
  ip: {
    _type: 'path',
    firewall: {
      _type: 'dir',
      nat: { _type: 'dir', add: { _type: 'cmd', ...NAT_ARGS, 'place-before': arg() }, set: { _type: 'cmd', ...NAT_ARGS, numbers: arg() }, remove: { _type: 'cmd', numbers: arg() }, move: { _type: 'cmd' }, unset: { _type: 'cmd' }, enable: { _type: 'cmd' }, disable: { _type: 'cmd' }, print: { _type: 'cmd' } },
    },
    settings: { _type: 'dir', set: { _type: 'cmd', 'rp-filter': arg('loose|no|strict'), 'tcp-syncookies': arg('yes|no') }, print: { _type: 'cmd' } },
    'dhcp-server': { _type: 'dir', lease: { _type: 'dir', add: { _type: 'cmd', address: arg(), 'mac-address': arg() }, set: { _type: 'cmd', address: arg(), numbers: arg() }, 'make-static': { _type: 'cmd', numbers: arg() }, 'send-reconfigure': { _type: 'cmd', numbers: arg() }, print: { _type: 'cmd' } } },
  },
} as never);

const rule = (kind: MenuActionRule['kind'], args: string[] = []): MenuActionRule => ({ kind, why: `${kind} because`, args: new Map(args.map((a) => [a, undefined])) });
const shapeOf = (path: string, actions: Record<string, MenuActionRule> = {}, extra: Partial<MenuShape> = {}): MenuShape => ({ ...treeShape(tree.menu(path)!, '7.20.5'), actions: new Map(Object.entries(actions)), unmodelled: false, ...extra });
const NAT = shapeOf('ip/firewall/nat');

const live: LiveRows = {
  'ip/firewall/nat': [
    { '.id': '*1', chain: 'srcnat', action: 'masquerade', 'out-interface': 'ether1', 'bytes': '100', disabled: 'false' },
    { '.id': '*2', chain: 'dstnat', action: 'dst-nat', 'dst-port': '80', 'to-addresses': '10.0.0.5', 'to-ports': '80', disabled: 'false', comment: 'web' },
    { '.id': '*3', chain: 'dstnat', action: 'dst-nat', 'dst-port': '443', 'to-addresses': '10.0.0.5', disabled: 'true' },
    { '.id': '*4', chain: 'dstnat', action: 'dst-nat', dynamic: 'true' },
  ],
  interface: [{ '.id': '*A', name: 'ether1' }, { '.id': '*B', name: 'bridge' }],
  'ip/settings': [{ 'rp-filter': 'no', 'tcp-syncookies': 'false' }],
  'ip/dhcp-server/lease': [
    { '.id': '*9', address: '10.0.0.9', 'mac-address': '00:11:22:33:44:55', dynamic: 'false' },
    { '.id': '*A', address: '10.0.0.10', 'mac-address': '00:11:22:33:44:66', 'host-name': 'laptop', dynamic: 'true' },
  ],
};

const propose = (shape: MenuShape, operations: MenuChangeInput['operations'], extra: Partial<MenuChangeInput> = {}) => menuChangePlanner(shape).propose(live, { operations, ...extra });
const operationsOf = (shape: MenuShape, operations: MenuChangeInput['operations'], extra: Partial<MenuChangeInput> = {}) => {
  const outcome = propose(shape, operations, extra);
  if (outcome.kind !== 'change') throw new Error(`no change: ${outcome.reason}`);
  return outcome.proposal;
};

describe('menuChangePlanner', () => {
  it('reads the menu and the menus its values name', () => {
    expect(menuChangePlanner(NAT).reads({ operations: [{ op: 'add', values: { chain: 'dstnat', 'in-interface': 'ether1' } }] })).toEqual(['ip/firewall/nat', 'interface']);
  });

  it('adds a row, placed before a rule, with its values checked against the tree and the live rows', () => {
    const p = operationsOf(NAT, [{ op: 'add', values: { chain: 'dstnat', action: 'dst-nat', 'dst-port': '8080', 'to-addresses': '10.0.0.7', 'to-ports': '80', 'in-interface': 'ether1' }, place_before: '*2' }]);
    expect(p.operations).toEqual([{ kind: 'add', menu: 'ip/firewall/nat', props: { chain: 'dstnat', action: 'dst-nat', 'dst-port': '8080', 'to-addresses': '10.0.0.7', 'to-ports': '80', 'in-interface': 'ether1' }, placeBefore: '*2' }]);
    expect(p.touched).toEqual([{ menu: 'ip/firewall/nat', after: expect.objectContaining({ chain: 'dstnat', 'to-ports': '80' }) }]);
    expect(p.summary).toBe('/ip/firewall/nat: add a row');
  });

  it('refuses an unknown argument with the ones the command takes, an invalid value with what RouterOS accepts, and a missing reference with the rows there are', () => {
    const refusal = (values: Record<string, string>) => {
      try {
        propose(NAT, [{ op: 'add', values }]);
      } catch (error) {
        return error as InvalidArgumentError;
      }
      throw new Error('not refused');
    };
    const unknown = refusal({ chain: 'dstnat', 'to-port': '80' });
    expect(unknown).toBeInstanceOf(InvalidArgumentError);
    expect(unknown.message).toBe("operations[0].values.to-port: /ip/firewall/nat add takes no argument 'to-port' (did you mean to-ports?)");
    expect(unknown.accepted).toContain('to-ports');
    expect(refusal({ 'to-ports': '70000' }).message).toBe("operations[0].values.to-ports: '70000' is not a value to-ports takes on RouterOS 7.20.5: 0..65535");
    expect(refusal({ action: 'dst_nat' }).message).toMatch(/accept\|dst-nat\|masquerade\|src-nat$/);
    const missing = refusal({ 'in-interface': 'ether9' });
    expect(missing.message).toBe("operations[0].values.in-interface: 'ether9' is not in /interface");
    expect(missing.accepted).toEqual(['all', 'none', 'ether1', 'bridge']);
    // A negated matcher names the interface after its `!`.
    expect(operationsOf(NAT, [{ op: 'add', values: { chain: 'dstnat', 'in-interface': '!ether1' } }]).operations).toHaveLength(1);
    expect(refusal({ 'in-interface': '!ether9' }).message).toMatch(/'ether9' is not in \/interface/);
  });

  it('sets only what differs on the rows a where matches, refusing when the count is not the one expected', () => {
    const p = operationsOf(NAT, [{ op: 'set', where: { chain: 'dstnat', 'to-addresses': '10.0.0.5' }, expect_count: 2, values: { 'to-addresses': '10.0.0.6', comment: 'web' } }]);
    expect(p.operations).toEqual([
      { kind: 'set', menu: 'ip/firewall/nat', id: '*2', props: { 'to-addresses': '10.0.0.6' } },
      { kind: 'set', menu: 'ip/firewall/nat', id: '*3', props: { 'to-addresses': '10.0.0.6', comment: 'web' } },
    ]);
    expect(() => propose(NAT, [{ op: 'set', where: { chain: 'dstnat', 'to-addresses': '10.0.0.5' }, values: { comment: 'x' } }])).toThrow(ChangePreconditionError);
    expect(() => propose(NAT, [{ op: 'set', where: { chain: 'dstnat', 'to-addresses': '10.0.0.5' }, values: { comment: 'x' } }])).toThrow(/matches 2 rows of \/ip\/firewall\/nat \(\*2, \*3\), not the 1 expected/);
    expect(() => propose(NAT, [{ op: 'set', where: { chian: 'dstnat' }, values: { comment: 'x' } }])).toThrow(/no row of \/ip\/firewall\/nat has a property 'chian'/);
    expect(propose(NAT, [{ op: 'set', id: '*2', values: { comment: 'web', 'to-ports': '80' } }])).toMatchObject({ kind: 'no_change' });
  });

  it('names rows by exactly one of id and where, refuses an id the menu lacks, and never touches a dynamic row', () => {
    expect(() => propose(NAT, [{ op: 'remove' }])).toThrow(/an id, or where with expect_count/);
    expect(() => propose(NAT, [{ op: 'remove', id: '*2', where: { chain: 'dstnat' } }])).toThrow(/not both/);
    expect(() => propose(NAT, [{ op: 'remove', id: '*77' }])).toThrow(ChangeTargetNotFoundError);
    expect(() => propose(NAT, [{ op: 'disable', id: '*4' }])).toThrow(ChangeNotPermittedError);
  });

  it('removes a row so that its inverse adds it back in place with the arguments add takes, not its counters', () => {
    const p = operationsOf(NAT, [{ op: 'remove', id: '*2' }]);
    expect(p.risk).toBe('high');
    const inverse = inverseOperations(live, p.operations);
    expect(inverse.operations).toEqual([{ kind: 'add', menu: 'ip/firewall/nat', props: { chain: 'dstnat', action: 'dst-nat', 'dst-port': '80', 'to-addresses': '10.0.0.5', 'to-ports': '80', disabled: 'false', comment: 'web' }, placeBefore: '*3' }]);
    // The tree's place-before marks the menu as ordered, whichever menu it is.
    expect(p.operations[0]).toMatchObject({ kind: 'remove', ordered: true, restore: expect.arrayContaining(['chain', 'to-ports']) });
    expect(inverseOperations({ x: live['ip/firewall/nat'] }, [{ kind: 'remove', menu: 'x', id: '*2', ordered: true }]).operations[0]).toMatchObject({ placeBefore: '*3' });
    expect(inverseOperations({ x: live['ip/firewall/nat'] }, [{ kind: 'remove', menu: 'x', id: '*2' }]).operations[0]).not.toHaveProperty('placeBefore');
  });

  it('enables and disables through disabled, writing only rows that differ; moves; unsets', () => {
    expect(operationsOf(NAT, [{ op: 'enable', where: { chain: 'dstnat', 'dst-port': '443' } }, { op: 'disable', id: '*1' }]).operations).toEqual([
      { kind: 'set', menu: 'ip/firewall/nat', id: '*3', props: { disabled: 'false' } },
      { kind: 'set', menu: 'ip/firewall/nat', id: '*1', props: { disabled: 'true' } },
    ]);
    expect(propose(NAT, [{ op: 'enable', id: '*2' }])).toMatchObject({ kind: 'no_change' });
    expect(operationsOf(NAT, [{ op: 'move', id: '*3', before: '*1' }]).operations).toEqual([{ kind: 'move', menu: 'ip/firewall/nat', id: '*3', destination: '*1' }]);
    expect(propose(NAT, [{ op: 'move', id: '*1', before: '*2' }])).toMatchObject({ kind: 'no_change' });
    expect(() => propose(NAT, [{ op: 'move', id: '*1', before: '*1' }])).toThrow(/before itself/);
    const unset = operationsOf(NAT, [{ op: 'unset', id: '*2', names: ['comment', 'to-ports'] }]);
    expect(unset.operations).toEqual([{ kind: 'set', menu: 'ip/firewall/nat', id: '*2', props: {}, unset: ['comment', 'to-ports'] }]);
    expect(inverseOperations(live, unset.operations).operations).toEqual([{ kind: 'set', menu: 'ip/firewall/nat', id: '*2', props: { comment: 'web', 'to-ports': '80' } }]);
    expect(() => propose(NAT, [{ op: 'unset', id: '*2', names: ['bytes'] }])).toThrow(/takes no argument 'bytes'/);
  });

  it("sets a one-row menu without an id, and a menu without unset restores an absent property by writing ''", () => {
    const settings = shapeOf('ip/settings');
    expect(settings.singleton).toBe(true);
    const p = operationsOf(settings, [{ op: 'set', values: { 'rp-filter': 'strict', 'tcp-syncookies': 'no' } }]);
    expect(p.operations).toEqual([{ kind: 'set', menu: 'ip/settings', props: { 'rp-filter': 'strict' }, withoutUnset: true }]);
    expect(p.touched).toEqual([{ menu: 'ip/settings', before: live['ip/settings'][0], after: { 'rp-filter': 'strict', 'tcp-syncookies': 'false' } }]);
    expect(() => propose(settings, [{ op: 'set', id: '*1', values: { 'rp-filter': 'strict' } }])).toThrow(/holds one row/);
    expect(() => propose(settings, [{ op: 'add', values: { 'rp-filter': 'strict' } }])).toThrow(/has no add on RouterOS 7\.20\.5: it holds one row/);
  });

  it('runs a menu command on the rows chosen when the table allows it, only in an approved plan when it is plan-only, never when refused', () => {
    const lease = shapeOf('ip/dhcp-server/lease', { 'make-static': rule('allowed', ['numbers']), 'send-reconfigure': rule('plan_only', ['numbers']), 'check-status': rule('not_a_change'), 'wipe': rule('refused') });
    expect(operationsOf(lease, [{ op: 'action', command: 'make-static', where: { address: '10.0.0.9' } }]).operations).toEqual([{ kind: 'command', menu: 'ip/dhcp-server/lease', command: 'make-static', args: { numbers: '*9' } }]);
    expect(() => propose(lease, [{ op: 'action', command: 'send-reconfigure', id: '*9' }])).toThrow(/runs only as a step of an approved plan \(plan_menu_changes\): plan_only because/);
    expect(operationsOf(lease, [{ op: 'action', command: 'send-reconfigure', id: '*9' }], { planApproved: true }).risk).toBe('high');
    expect(() => propose(lease, [{ op: 'action', command: 'wipe' }])).toThrow(/is refused: refused because/);
    expect(() => propose(lease, [{ op: 'action', command: 'check-status' }])).toThrow(/is not a change/);
    expect(() => propose(lease, [{ op: 'action', command: 'reboot' }])).toThrow(/has no command 'reboot'/);
    expect(() => propose(lease, [{ op: 'action', command: 'make-static', id: '*9', values: { force: 'yes' } }])).toThrow(/make-static takes no argument 'force'/);
  });

  it('refuses removing a certificate a service uses or a file the configuration names, reading what may use them', () => {
    const certs = { ...shapeOf('ip/settings'), path: 'certificate', singleton: false, commands: new Set(['remove', 'set']), setArgs: new Map([['name', undefined]]) } as MenuShape;
    const state: LiveRows = {
      certificate: [{ '.id': '*1', name: 'web' }, { '.id': '*2', name: 'spare' }],
      'ip/service': [{ '.id': '*5', name: 'www-ssl', certificate: 'web' }, { '.id': '*8', name: 'api-ssl', certificate: 'none' }],
    };
    const planner = menuChangePlanner(certs);
    expect(planner.optionalReads!({ operations: [{ op: 'remove', id: '*1' }] })).toEqual(expect.arrayContaining(['ip/service', 'interface/sstp-server/server', 'ip/ipsec/identity']));
    expect(planner.optionalReads!({ operations: [{ op: 'set', id: '*1', values: { trusted: 'yes' } }] })).toEqual([]);
    expect(() => planner.propose(state, { operations: [{ op: 'remove', id: '*1' }] })).toThrow('removing /certificate *1 (web) would break what uses it: /ip/service www-ssl certificate=web; change that first');
    expect(planner.propose(state, { operations: [{ op: 'remove', id: '*2' }] })).toMatchObject({ kind: 'change' });

    const files = { ...certs, path: 'file' } as MenuShape;
    const disk: LiveRows = {
      file: [{ '.id': '*A', name: 'images/nas.tar' }, { '.id': '*B', name: 'hotspot' }, { '.id': '*C', name: 'hotspot/login.html' }, { '.id': '*D', name: 'log.0.txt' }, { '.id': '*E', name: 'notes.txt' }],
      container: [{ '.id': '*1', name: 'nas', file: 'images/nas.tar' }],
      'ip/hotspot/profile': [{ '.id': '*1', name: 'default', 'html-directory': 'hotspot' }],
      'system/logging/action': [{ '.id': '*1', name: 'disk', 'disk-file-name': 'log' }],
    };
    const filePlanner = menuChangePlanner(files);
    for (const id of ['*A', '*B', '*C', '*D']) expect(() => filePlanner.propose(disk, { operations: [{ op: 'remove', id }] })).toThrow(/would break what uses it/);
    expect(() => filePlanner.propose(disk, { operations: [{ op: 'set', id: '*A', values: { name: 'old.tar' } }] })).toThrow(/renaming \/file \*A \(images\/nas\.tar\) would break what uses it: \/container nas file=images\/nas\.tar/);
    expect(filePlanner.propose(disk, { operations: [{ op: 'remove', id: '*E' }] })).toMatchObject({ kind: 'change' });
  });

  it('makes a dynamic lease static (the command exists for the rows RouterOS made), while every other write to it stays refused', () => {
    const lease = shapeOf('ip/dhcp-server/lease', { 'make-static': rule('allowed', ['numbers']), 'send-reconfigure': rule('plan_only', ['numbers']) });
    expect(operationsOf(lease, [{ op: 'action', command: 'make-static', where: { 'mac-address': '00:11:22:33:44:66' } }]).operations).toEqual([{ kind: 'command', menu: 'ip/dhcp-server/lease', command: 'make-static', args: { numbers: '*A' } }]);
    expect(operationsOf(lease, [{ op: 'action', command: 'make-static', id: '*A' }]).operations).toEqual([{ kind: 'command', menu: 'ip/dhcp-server/lease', command: 'make-static', args: { numbers: '*A' } }]);
    expect(() => propose(lease, [{ op: 'set', id: '*A', values: { address: '10.0.0.11' } }])).toThrow(/\*A is dynamic/);
    expect(() => propose(lease, [{ op: 'action', command: 'send-reconfigure', id: '*A' }], { planApproved: true })).toThrow(/\*A is dynamic/);
  });

  it('refuses every write to a refused menu, and an empty list of operations', () => {
    expect(() => propose({ ...NAT, refusal: 'the licence' }, [{ op: 'enable', id: '*3' }])).toThrow('writes to /ip/firewall/nat are refused: the licence');
    expect(() => propose(NAT, [])).toThrow(/at least one operation/);
  });
});
