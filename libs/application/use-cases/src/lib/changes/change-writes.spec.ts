import type { LiveRows, RowOperation } from '@routeros-mcp/domain-changes';
import { alreadyInEffect, unmetOperations, unrestored } from './change-writes';

describe('verification of what was written', () => {
  it('takes a cleared comment RouterOS leaves out as held, and one still there as not held', () => {
    const op: RowOperation = { kind: 'set', menu: 'interface', id: '*5', props: { comment: '' } };
    expect(unmetOperations({ interface: [{ '.id': '*5', name: 'ether2' }] }, [op], [])).toEqual([]);
    expect(unmetOperations({ interface: [{ '.id': '*5', name: 'ether2', comment: 'x' }] }, [op], [])).toEqual(['/interface *5 comment is x, not empty']);
    const servers: RowOperation = { kind: 'set', menu: 'ip/dns', props: { servers: '192.0.2.77' } };
    expect(unmetOperations({ 'ip/dns': [{ servers: '' }] }, [servers], [])).toEqual(['/ip/dns servers is empty, not 192.0.2.77']);
  });

  it('holds an address-list entry whose timeout has started counting down', () => {
    const op: RowOperation = { kind: 'add', menu: 'ip/firewall/address-list', props: { list: 'mcp-temp', address: '192.0.2.80', timeout: '1h' } };
    const live: LiveRows = { 'ip/firewall/address-list': [{ '.id': '*9', list: 'mcp-temp', address: '192.0.2.80', timeout: '59m58s', dynamic: 'true' }] };
    expect(unmetOperations(live, [op], ['*9'])).toEqual([]);
    expect(unmetOperations({ 'ip/firewall/address-list': [{ '.id': '*9', list: 'mcp-temp', address: '192.0.2.80' }] }, [op], ['*9'])).toHaveLength(1);
    expect(unrestored({ 'ip/firewall/address-list': [] }, live, [op], ['*9'])).toEqual(['/ip/firewall/address-list *9 (added) is still there']);
  });

  it("holds a user added with a password RouterOS never prints, and a group's policy as RouterOS reorders and negates it", () => {
    const user: RowOperation = { kind: 'add', menu: 'user', props: { name: 'viewer', group: 'read', password: 'viewer-Pw-1' } };
    expect(unmetOperations({ user: [{ '.id': '*4', name: 'viewer', group: 'read', disabled: 'false' }] }, [user], ['*4'])).toEqual([]);
    const group: RowOperation = { kind: 'set', menu: 'user/group', id: '*5', props: { policy: 'rest-api,read' } };
    expect(unmetOperations({ 'user/group': [{ '.id': '*5', name: 'ro', policy: 'read,rest-api,!local,!write' }] }, [group], [])).toEqual([]);
    expect(unmetOperations({ 'user/group': [{ '.id': '*5', name: 'ro', policy: 'read,!rest-api,!write' }] }, [group], [])).toHaveLength(1);
  });
});

describe('verification of a new user and its group', () => {
  it('holds a password RouterOS never prints back, and a policy printed in its own order with the rest negated', () => {
    const group: RowOperation = { kind: 'add', menu: 'user/group', props: { name: 'auditors', policy: 'read,winbox,ssh' } };
    const user: RowOperation = { kind: 'add', menu: 'user', props: { name: 'auditor', group: 'auditors', password: 'Audit-Pw-7' } };
    const live: LiveRows = { 'user/group': [{ '.id': '*4', name: 'auditors', policy: 'ssh,read,winbox,!local,!write,!policy' }], user: [{ '.id': '*2', name: 'auditor', group: 'auditors' }] };
    expect(unmetOperations(live, [group, user], ['*4', '*2'])).toEqual([]);
    const wrong: LiveRows = { 'user/group': [{ '.id': '*4', name: 'auditors', policy: 'ssh,read,winbox,write,!local,!policy' }], user: [{ '.id': '*2', name: 'auditor', group: 'read', password: 'other' }] };
    expect(unmetOperations(wrong, [group, user], ['*4', '*2'])).toEqual(['/user/group: the added row is not there as written', '/user: the added row is not there as written']);
    const password: RowOperation = { kind: 'set', menu: 'user', id: '*2', props: { password: 'New-Pw-2' } };
    expect(unmetOperations(live, [password], [])).toEqual([]);
    // Only a property RouterOS never prints is taken as held unseen: a passphrase it prints must be there.
    const passphrase: RowOperation = { kind: 'set', menu: 'interface/wifi/security', id: '*1', props: { passphrase: 'hunter22' } };
    expect(unmetOperations({ 'interface/wifi/security': [{ '.id': '*1', name: 'home' }] }, [passphrase], [])).toEqual(['/interface/wifi/security *1 passphrase is unset, not [redacted]']);
  });
});

describe('messages about a secret property', () => {
  it('say that it differs, never its value', () => {
    const op: RowOperation = { kind: 'set', menu: 'interface/wifi/security', id: '*1', props: { passphrase: 'new-pass-123' } };
    const live: LiveRows = { 'interface/wifi/security': [{ '.id': '*1', passphrase: 'other-pass-456' }] };
    expect(unmetOperations(live, [op], [])).toEqual(['/interface/wifi/security *1 passphrase is [redacted], not [redacted]']);
    expect(unrestored({ 'interface/wifi/security': [{ '.id': '*1', passphrase: 'old-pass-789' }] }, live, [op], [])).toEqual(['/interface/wifi/security passphrase is [redacted], was [redacted]']);
  });
});

describe('an undo after a lost answer', () => {
  const live: LiveRows = { 'ip/firewall/filter': [{ '.id': '*4', chain: 'input', action: 'accept', protocol: 'icmp', comment: 'ICMP', bytes: '0' }] };

  it('does not add back a row that is still there, nor remove one that is gone', () => {
    expect(alreadyInEffect(live, { kind: 'add', menu: 'ip/firewall/filter', props: { chain: 'input', action: 'accept', protocol: 'icmp', comment: 'ICMP' }, placeBefore: '*5' })).toBe(true);
    expect(alreadyInEffect(live, { kind: 'add', menu: 'ip/firewall/filter', props: { chain: 'input', action: 'drop' } })).toBe(false);
    expect(alreadyInEffect(live, { kind: 'remove', menu: 'ip/firewall/filter', id: '*9' })).toBe(true);
    expect(alreadyInEffect(live, { kind: 'remove', menu: 'ip/firewall/filter', id: '*4' })).toBe(false);
    expect(alreadyInEffect(live, { kind: 'set', menu: 'ip/firewall/filter', id: '*4', props: { comment: 'ICMP' } })).toBe(false);
  });
});
