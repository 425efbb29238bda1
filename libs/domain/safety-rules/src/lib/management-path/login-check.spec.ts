import type { Row, RowOperation } from '@routeros-mcp/domain-changes';
import { apply, homeDevice, LOGIN } from '../../../test/management-path.fixtures';
import { managementPathReads, evaluateManagementPath } from './management-path';
import { menuReach } from '../menu-reach/menu-reach';

type Rows = Record<string, Row[]>;
const set = (menu: string, id: string, props: Record<string, string>): RowOperation => ({ kind: 'set', menu, id, props });
const add = (menu: string, props: Record<string, string>): RowOperation => ({ kind: 'add', menu, props });
const remove = (menu: string, id: string): RowOperation => ({ kind: 'remove', menu, id });

const ALL = 'local,telnet,ssh,ftp,reboot,read,write,policy,test,winbox,password,web,sniff,sensitive,api,romon,rest-api';
/** The home device with its users: the service's `mcp` in group `ops`, `admin` in `full`, a spare `audit` user. */
function withUsers(): Rows {
  return {
    ...homeDevice(),
    user: [
      { '.id': '*1', name: 'admin', group: 'full', address: '', disabled: 'false' },
      { '.id': '*2', name: 'mcp', group: 'ops', address: '', disabled: 'false' },
      { '.id': '*3', name: 'audit', group: 'read', address: '', disabled: 'false' },
    ],
    'user/group': [
      { '.id': '*1', name: 'read', policy: 'local,telnet,ssh,reboot,read,test,winbox,password,web,sniff,sensitive,api,romon,rest-api,!ftp,!write,!policy' },
      { '.id': '*2', name: 'write', policy: 'local,telnet,ssh,reboot,read,write,test,winbox,password,web,sniff,sensitive,api,romon,rest-api,!ftp,!policy' },
      { '.id': '*3', name: 'full', policy: ALL },
      { '.id': '*4', name: 'ops', policy: 'ssh,read,write,api,rest-api,!local,!telnet' },
    ],
    'user/ssh-keys': [
      { '.id': '*1', user: 'mcp', 'key-type': 'ed25519', bits: '256', 'key-owner': 'mcp@noc' },
      { '.id': '*2', user: 'admin', 'key-type': 'rsa', bits: '4096', 'key-owner': 'admin@laptop' },
    ],
  };
}

const BY_KEY = { ...LOGIN, ssh: { username: 'mcp', byKey: true } };
function judge(ops: RowOperation[], login: Parameters<typeof evaluateManagementPath>[2] = LOGIN, device: () => Rows = withUsers) {
  const before = device();
  return evaluateManagementPath(before, apply(before, ops), login);
}

describe("the service's own logins", () => {
  it.each<[string, RowOperation[], RegExp]>([
    ['its user removed', [remove('user', '*2')], /^user mcp, whom the service logs in as, would be removed or renamed$/],
    ['its user renamed', [set('user', '*2', { name: 'mcp-old' })], /^user mcp, whom the service logs in as, would be removed or renamed$/],
    ['its user disabled', [set('user', '*2', { disabled: 'yes' })], /^user mcp, whom the service logs in as, would be disabled$/],
    ['its user moved to the read group', [set('user', '*2', { group: 'read' })], /^group read of user mcp would lack the write policy its REST login needs$/],
    ['its user moved to a group that does not exist', [set('user', '*2', { group: 'gone' })], /^group gone of user mcp would lack the read, write policies/],
    ['its user restricted to another network', [set('user', '*2', { address: '10.0.0.0/8' })], /^user mcp would be allowed to log in only from 10\.0\.0\.0\/8$/],
    ["its group losing read", [set('user/group', '*4', { policy: 'ssh,write,api,rest-api' })], /^group ops of user mcp would lack the read policy its REST login needs$/],
    ["its group losing write", [set('user/group', '*4', { policy: 'ssh,read,api,rest-api,!write' })], /would lack the write policy/],
    ["its group losing rest-api", [set('user/group', '*4', { policy: 'ssh,read,write,api' })], /^group ops of user mcp would lose the rest-api policy its REST login needs$/],
    ["its group losing ssh (safe mode rides on SSH)", [set('user/group', '*4', { policy: 'read,write,api,rest-api' })], /^group ops of user mcp would lack the ssh policy its SSH login needs$/],
    ['its group removed', [remove('user/group', '*4')], /^group ops of user mcp would lack the read, write policies/],
  ])('refuses %s, before anything is written', (_name, ops, reason) => {
    const verdict = judge(ops);
    expect(verdict).toMatchObject({ status: 'fail', details: { check: 'login' } });
    expect(verdict.message).toMatch(reason);
  });

  it('refuses removing an SSH key of the user the service logs in as by key; with a password it is no cut', () => {
    expect(judge([remove('user/ssh-keys', '*1')], BY_KEY)).toMatchObject({ status: 'fail', message: 'the SSH key of user mcp, who logs in over SSH by key, would be removed' });
    expect(judge([remove('user/ssh-keys', '*1')]).status).toBe('pass');
    expect(judge([remove('user/ssh-keys', '*2')], BY_KEY).status).toBe('pass');
  });

  it('judges the SSH login as its own user when enrolled with another one', () => {
    const other = { ...LOGIN, ssh: { username: 'audit', byKey: false } };
    expect(judge([set('user', '*3', { disabled: 'true' })], other)).toMatchObject({ status: 'fail', message: 'user audit, whom the service logs in as, would be disabled' });
    // The read group lacks write: the live state already has that, so it is not this change's doing.
    expect(judge([set('user', '*3', { comment: 'ssh login of the service' })], other).status).toBe('pass');
  });

  it.each<[string, RowOperation[]]>([
    ['another user removed', [remove('user', '*3')]],
    ['another user moved to the read group', [set('user', '*1', { group: 'read' })]],
    ['a new user in a new group', [add('user/group', { name: 'ro', policy: 'read,api,rest-api' }), add('user', { name: 'viewer', group: 'ro' })]],
    ["its group losing only api while it keeps rest-api", [set('user/group', '*4', { policy: 'ssh,read,write,rest-api' })]],
    ["its user restricted to the client's own network", [set('user', '*2', { address: '192.168.88.0/24' })]],
    ['a comment on its user', [set('user', '*2', { comment: 'the MCP service' })]],
    ["its group gaining a policy", [set('user/group', '*4', { policy: `ssh,read,write,api,rest-api,test` })]],
  ])('passes %s', (_name, ops) => {
    expect(judge(ops)).toMatchObject({ status: 'pass', message: "the service's users still log in as they do now" });
  });

  it('reads the users menus only for a change that writes them, and calls them modelled', () => {
    expect(managementPathReads(['user'])).toEqual(expect.arrayContaining(['user', 'user/group', 'user/ssh-keys', 'user/active']));
    expect(managementPathReads(['ip/address'])).not.toContain('user');
    for (const menu of ['user', 'user/group', 'user/ssh-keys']) expect(menuReach(menu, ['add', 'set', 'remove']).reach).toBe('modelled');
  });
});
