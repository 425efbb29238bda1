import { applyOperations, placeholderId } from './apply-operations';
import { consoleValue } from './console-syntax';
import { diffLines } from './export-lines';
import { inverseOperations, secretsNeededToRestore, unrestorableWriteOnly } from './inverse-operations';
import { parseDeviceClock, revertScript, schedulerStart } from './revert-script';
import type { LiveRows, RowOperation } from './row-operation';
import { isCountdown, sameValue } from './value-equivalence';

const live: LiveRows = {
  'ip/dns': [{ servers: '192.0.2.53', 'cache-size': '2048KiB' }],
  'ip/address': [
    { '.id': '*1', address: '10.0.0.1/24', interface: 'ether1', dynamic: 'false' },
    { '.id': '*2', address: '10.0.1.1/24', interface: 'ether2', comment: 'lab', dynamic: 'false' },
  ],
  'ip/firewall/filter': [
    { '.id': '*A', chain: 'input', action: 'accept', bytes: '10' },
    { '.id': '*B', chain: 'input', action: 'drop', comment: 'last' },
    { '.id': '*C', chain: 'forward', action: 'accept' },
  ],
};

describe('console syntax', () => {
  it('leaves plain values bare and quotes the rest with the grammar escapes', () => {
    expect(consoleValue('1.1.1.1,9.9.9.9')).toBe('1.1.1.1,9.9.9.9');
    expect(consoleValue('core 1')).toBe('"core 1"');
    expect(consoleValue('a"b\\c$d?e\nf')).toBe('"a\\"b\\\\c\\$d\\?e\\nf"');
    expect(consoleValue('')).toBe('""');
  });
});

describe('applyOperations', () => {
  it('sets a singleton, adds with a placeholder id before a row, removes, moves and unsets', () => {
    const after = applyOperations(live, [
      { kind: 'set', menu: 'ip/dns', props: { servers: '1.1.1.1' } },
      { kind: 'add', menu: 'ip/firewall/filter', props: { chain: 'input', action: 'drop' }, placeBefore: '*B' },
      { kind: 'remove', menu: 'ip/address', id: '*1' },
      { kind: 'move', menu: 'ip/firewall/filter', id: '*C', destination: '*A' },
      { kind: 'set', menu: 'ip/address', id: '*2', props: { disabled: 'true' }, unset: ['comment'] },
      { kind: 'command', menu: 'ip/dns/cache', command: 'flush' },
    ]);
    expect(after['ip/dns']).toEqual([{ servers: '1.1.1.1', 'cache-size': '2048KiB' }]);
    expect(after['ip/firewall/filter']!.map((r) => r['.id'])).toEqual(['*C', '*A', placeholderId(1), '*B']);
    expect(after['ip/address']).toEqual([{ '.id': '*2', address: '10.0.1.1/24', interface: 'ether2', dynamic: 'false', disabled: 'true' }]);
    expect(live['ip/address']).toHaveLength(2);
  });
});

describe('inverseOperations', () => {
  it('undoes each kind from the before-state, last write first', () => {
    const ops: RowOperation[] = [
      { kind: 'set', menu: 'ip/dns', props: { servers: '1.1.1.1', 'use-doh-server': 'https://x' } },
      { kind: 'add', menu: 'ip/address', props: { address: '10.9.9.1/24', interface: 'ether3' } },
      { kind: 'remove', menu: 'ip/firewall/filter', id: '*B' },
      { kind: 'move', menu: 'ip/firewall/filter', id: '*A', destination: undefined },
    ];
    const { operations, missing } = inverseOperations(live, ops, [undefined, '*9']);
    expect(missing).toEqual([]);
    expect(operations).toEqual([
      // *A was first; *B is gone by then, so it goes back before *C.
      { kind: 'move', menu: 'ip/firewall/filter', id: '*A', destination: '*C' },
      { kind: 'add', menu: 'ip/firewall/filter', props: { chain: 'input', action: 'drop', comment: 'last' }, placeBefore: '*C' },
      { kind: 'remove', menu: 'ip/address', id: '*9' },
      { kind: 'set', menu: 'ip/dns', props: { servers: '192.0.2.53' }, unset: ['use-doh-server'] },
    ]);
  });

  it('re-adds a removed row with only what its menu takes on add, and no empty defaults', () => {
    const routes: LiveRows = {
      'ip/route': [{ '.id': '*8', 'dst-address': '0.0.0.0/0', gateway: '192.0.2.1', distance: '2', comment: '', 'hw-offloaded': 'false', ecmp: 'false', 'immediate-gw': '192.0.2.1%ether1', dynamic: 'false' }],
      'ip/dhcp-server/lease': [{ '.id': '*3', address: '10.0.0.9', 'mac-address': 'AA:BB:CC:00:00:01', server: 'lan', 'address-lists': '', 'dhcp-option': '', status: 'waiting' }],
    };
    const { operations } = inverseOperations(routes, [{ kind: 'remove', menu: 'ip/route', id: '*8' }, { kind: 'remove', menu: 'ip/dhcp-server/lease', id: '*3' }]);
    expect(operations).toEqual([
      { kind: 'add', menu: 'ip/dhcp-server/lease', props: { address: '10.0.0.9', 'mac-address': 'AA:BB:CC:00:00:01', server: 'lan' } },
      { kind: 'add', menu: 'ip/route', props: { 'dst-address': '0.0.0.0/0', gateway: '192.0.2.1', distance: '2' } },
    ]);
  });

  it('puts an absent property back as "" in menus RouterOS has no unset in, and unsets it elsewhere', () => {
    const rows: LiveRows = { interface: [{ '.id': '*5', name: 'vlan100' }], 'ip/firewall/filter': [{ '.id': '*A', chain: 'input', action: 'accept' }] };
    const { operations } = inverseOperations(rows, [
      { kind: 'set', menu: 'interface', id: '*5', props: { comment: 'uplink' } },
      { kind: 'set', menu: 'ip/firewall/filter', id: '*A', props: { comment: 'x' } },
    ]);
    expect(operations).toEqual([
      { kind: 'set', menu: 'ip/firewall/filter', id: '*A', props: {}, unset: ['comment'] },
      { kind: 'set', menu: 'interface', id: '*5', props: { comment: '' } },
    ]);
    expect(revertScript('c2', operations)).toBe('/ip firewall filter unset *A value-name=comment; /interface set *5 comment=""; /system scheduler remove [find name="mcp-revert-c2"]');
  });

  it('says what it cannot undo: commands and rows whose id is not known yet', () => {
    const { operations, missing } = inverseOperations(live, [
      { kind: 'command', menu: 'ip/dns/cache', command: 'flush' },
      { kind: 'add', menu: 'ip/address', props: { address: '10.9.9.1/24', interface: 'ether3' } },
    ]);
    expect(operations).toEqual([]);
    expect(missing).toEqual(['ip/dns/cache/flush is a command with no state to restore', 'the id of the row added to /ip/address is not known yet']);
  });

  it('names the secrets an undo would have to write back', () => {
    const wifi: LiveRows = { 'interface/wifi/security': [{ '.id': '*1', name: 'home', passphrase: 'hunter22', 'authentication-types': 'wpa2-psk' }] };
    const { operations } = inverseOperations(wifi, [{ kind: 'remove', menu: 'interface/wifi/security', id: '*1' }]);
    expect(secretsNeededToRestore(operations)).toEqual(['/interface/wifi/security passphrase']);
    const comment = inverseOperations(wifi, [{ kind: 'set', menu: 'interface/wifi/security', id: '*1', props: { comment: 'x' } }]);
    expect(secretsNeededToRestore(comment.operations)).toEqual([]);
  });

  it('says a change cannot be undone when it takes away a value RouterOS never shows (a user\'s password)', () => {
    // The device prints a user without its password: a re-added user would have an empty one.
    const users: LiveRows = { user: [{ '.id': '*2', name: 'auditor', group: 'read', disabled: 'false' }] };
    const addArgs = ['name', 'group', 'password', 'address', 'comment', 'disabled'];
    expect(unrestorableWriteOnly(users, [{ kind: 'remove', menu: 'user', id: '*2', restore: addArgs }])).toEqual(['RouterOS never shows the password of /user auditor, so a revert could not put it back']);
    expect(unrestorableWriteOnly(users, [{ kind: 'set', menu: 'user', id: '*2', props: { password: 'New-Pw-2' } }])).toEqual(['RouterOS never shows the password of /user auditor, so a revert could not put it back']);
    expect(unrestorableWriteOnly(users, [{ kind: 'set', menu: 'user', id: '*2', props: { group: 'write' } }, { kind: 'add', menu: 'user', props: { name: 'x', password: 'y' } }])).toEqual([]);
    // A secret RouterOS does print (a passphrase) is restored sealed instead.
    expect(unrestorableWriteOnly({ 'interface/wifi/security': [{ '.id': '*1', name: 'home', passphrase: 'hunter22' }] }, [{ kind: 'remove', menu: 'interface/wifi/security', id: '*1', restore: ['name', 'passphrase'] }])).toEqual([]);
  });
});

describe('diff lines and the revert script', () => {
  it('prints export-style lines, secrets redacted', () => {
    expect(
      diffLines([
        { kind: 'set', menu: 'ip/dns', props: { servers: '1.1.1.1,9.9.9.9' } },
        { kind: 'add', menu: 'ip/address', props: { address: '10.0.0.5/24', interface: 'ether2', comment: 'x y' } },
        { kind: 'remove', menu: 'ip/address', id: '*1A' },
        { kind: 'set', menu: 'ip/address', id: '*1A', props: {}, unset: ['comment'] },
        { kind: 'move', menu: 'ip/firewall/filter', id: '*5', destination: '*3' },
        { kind: 'command', menu: 'ip/dns/cache', command: 'flush' },
        { kind: 'set', menu: 'interface/wifi/security', id: '*2', props: { passphrase: 'hunter22' } },
      ]),
    ).toEqual([
      '/ip dns set servers=1.1.1.1,9.9.9.9',
      '/ip address add address=10.0.0.5/24 interface=ether2 comment="x y"',
      '/ip address remove *1A',
      '/ip address unset *1A value-name=comment',
      '/ip firewall filter move *5 destination=*3',
      '/ip dns cache flush',
      '/interface wifi security set *2 passphrase="[redacted]"',
    ]);
  });

  it('builds the device-side revert in the shared grammar, removing its own scheduler entry last', () => {
    const script = revertScript('c1', [
      { kind: 'set', menu: 'system/identity', props: { name: 'core 1' } },
      { kind: 'add', menu: 'ip/firewall/filter', props: { chain: 'input', action: 'accept' }, placeBefore: '*3' },
    ]);
    expect(script).toBe('/system identity set name="core 1"; /ip firewall filter add chain=input action=accept place-before=*3; /system scheduler remove [find name="mcp-revert-c1"]');
    expect(() => revertScript('c1', [{ kind: 'command', menu: 'ip/dns/cache', command: 'flush' }])).toThrow(/commands/);
    expect(() => revertScript('c1', [{ kind: 'set', menu: 'system/identity', props: { name: 'a\tb' } }])).toThrow(/control character/);
  });

  it('reads both clock formats and schedules on the device clock', () => {
    expect(parseDeviceClock('2026-11-23', '23:59:30')).toEqual(new Date('2026-11-23T23:59:30Z'));
    expect(parseDeviceClock('nov/23/2026', '01:02:03')).toEqual(new Date('2026-11-23T01:02:03Z'));
    expect(parseDeviceClock('23.11.2026', '01:02:03')).toBeUndefined();
    expect(schedulerStart(new Date('2026-11-23T23:59:30Z'), 60)).toEqual({ 'start-date': '2026-11-24', 'start-time': '00:00:30' });
  });

  it('treats RouterOS normalisation as the same value', () => {
    expect(sameValue('yes', 'true')).toBe(true);
    expect(sameValue('10.0.0.1', '10.0.0.1/32')).toBe(true);
    expect(sameValue('1.1.1.1, 9.9.9.9', '1.1.1.1,9.9.9.9')).toBe(true);
    expect(sameValue('1.1.1.1', '9.9.9.9')).toBe(false);
    expect(sameValue('x', undefined)).toBe(false);
    // RouterOS leaves a property set to "" (a cleared comment) out of what it prints.
    expect(sameValue('', undefined)).toBe(true);
    // A permission list prints the granted names in RouterOS's order, then every other one negated.
    expect(sameValue('read,winbox,ssh', 'ssh,read,winbox,!local,!write,!policy')).toBe(true);
    expect(sameValue('read,!write,ssh', 'ssh,read,!local,!write,!policy')).toBe(true);
    expect(sameValue('read,winbox', 'ssh,read,winbox,!local,!write')).toBe(false);
    expect(sameValue('read,write', 'read,!write')).toBe(false);
    expect(sameValue('read,!ssh', 'ssh,read,!write')).toBe(false);
    expect(sameValue('established,related', 'related,established')).toBe(false);
    expect(isCountdown('ip/firewall/address-list', 'timeout')).toBe(true);
    expect(isCountdown('ip/firewall/address-list', 'comment')).toBe(false);
  });
});
