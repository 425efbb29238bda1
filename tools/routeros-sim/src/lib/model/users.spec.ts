import { DeviceState } from './device-state';
import { seedConfig } from './profiles';
import { detail } from '../testing/rest-error-detail.fixture';
import { handleRest } from '../rest/rest-handler';
import { RestError } from '../rest/rest-error';
import { policyText } from './users';

// `/user` and `/user/group` as RouterOS 7 keeps them (model/users.ts); logins and policies (user-login.ts, rest/user-policy.ts).
const users = [{ name: 'admin', password: 'secret', group: 'full' }, { name: 'viewer', password: 'look', group: 'read' }];
const device = () => new DeviceState('7.20.5', 42, () => seedConfig({ profile: 'chr', version: '7.20.5', identity: 'r1', index: 0, users }), () => 1_700_000_000_000);
const as = (name: string) => ({ name, password: '', group: '' });
async function rest(state: DeviceState, user: string, method: string, path: string, body?: unknown) {
  try {
    return await handleRest(state, { method, path, query: new URLSearchParams(), body, user: as(user) }, new AbortController().signal);
  } catch (error) {
    if (error instanceof RestError) return { status: error.status, body: error.body() };
    throw error;
  }
}

describe('/user/group', () => {
  it('a fresh device has read, write and full with their default policies', () => {
    const groups = device().list('user/group');
    expect(groups.map((g) => g['name'])).toEqual(['read', 'write', 'full']);
    expect(groups[0]['policy']).toBe('local,telnet,ssh,reboot,read,test,winbox,password,web,sniff,sensitive,api,romon,rest-api,!ftp,!write,!policy');
    expect(groups[2]['policy']).toBe('local,telnet,ssh,ftp,reboot,read,write,policy,test,winbox,password,web,sniff,sensitive,api,romon,rest-api');
    expect(groups[0]['skin']).toBe('default');
  });

  it('stores a policy list as RouterOS prints it, and refuses a word that is no policy', () => {
    const s = device();
    expect(s.add('user/group', { name: 'rest-read', policy: 'rest-api,read,!ftp' })['policy']).toBe(policyText(['read', 'rest-api']));
    expect(detail(() => s.add('user/group', { name: 'bad', policy: 'read,fly' }))).toBe('input does not match any value of policy');
    expect(detail(() => s.add('user/group', { name: 'rest-read', policy: 'read' }))).toBe('failure: already have such name');
  });

  it('a group in use or a system group cannot be removed; a rename carries its users along', () => {
    const s = device();
    s.add('user/group', { name: 'ops', policy: 'read,write,rest-api' });
    s.add('user', { name: 'bob', group: 'ops', password: 'pw' });
    expect(detail(() => s.remove('user/group', 'ops'))).toBe('failure: group ops is used by user bob');
    expect(detail(() => s.remove('user/group', 'read'))).toBe('cannot remove builtin object');
    s.update('user/group', 'ops', { name: 'operators' });
    expect(s.get('user', 'bob')['group']).toBe('operators');
    s.remove('user', 'bob');
    s.remove('user/group', 'operators');
    expect(s.list('user/group')).toHaveLength(3);
  });
});

describe('/user', () => {
  it('adds a user that logs in with its password, which never prints', () => {
    const s = device();
    const bob = s.add('user', { name: 'bob', group: 'write', password: 'pw', address: '10.0.0.0/24,2001:db8::/32', comment: 'ops' });
    expect(bob).toMatchObject({ name: 'bob', group: 'write', address: '10.0.0.0/24,2001:db8::/32', disabled: 'false', comment: 'ops' });
    expect(bob).not.toHaveProperty('password');
    expect(s.authenticate('bob', 'pw')).toMatchObject({ name: 'bob', group: 'write' });
    expect(s.authenticate('bob', 'nope')).toBeUndefined();
    s.update('user', 'bob', { password: 'new' });
    expect(s.authenticate('bob', 'pw')).toBeUndefined();
    expect(s.authenticate('bob', 'new')).toBeDefined();
  });

  it('refuses a duplicate name, a missing group, a bad address and a bad name', () => {
    const s = device();
    expect(detail(() => s.add('user', { name: 'viewer', group: 'read' }))).toBe('failure: already have such name');
    expect(detail(() => s.add('user', { name: 'bob', group: 'nobody' }))).toBe('input does not match any value of group');
    expect(detail(() => s.add('user', { name: 'bob' }))).toBe('missing value for group');
    expect(detail(() => s.add('user', { name: 'bob', group: 'read', address: '10.0.0.300/24' }))).toMatch(/address/);
    expect(detail(() => s.add('user', { name: '-bob', group: 'read' }))).toBe('invalid value for argument name');
  });

  it('keeps one enabled user with full rights: the last one can be neither removed, disabled nor demoted', () => {
    const s = device();
    const refusal = 'failure: can not remove or restrict the last user with full rights';
    expect(detail(() => s.remove('user', 'admin'))).toBe(refusal);
    expect(detail(() => s.setDisabled('user', ['admin'], true))).toBe(refusal);
    expect(detail(() => s.update('user', 'admin', { group: 'write' }))).toBe(refusal);
    s.add('user', { name: 'root2', group: 'full', password: 'pw' });
    s.remove('user', 'admin');
    expect(s.list('user').map((u) => u['name'])).toEqual(['viewer', 'root2']);
  });
});

describe('policies on REST', () => {
  it('a read group cannot write; user writes need policy; secrets need sensitive', async () => {
    const s = device();
    expect(await rest(s, 'viewer', 'PUT', 'ip/address', { address: '10.9.9.1/24', interface: 'ether1' })).toMatchObject({ status: 400, body: { detail: 'not enough permissions (9)' } });
    s.add('user/group', { name: 'writer', policy: 'read,write,rest-api,test' });
    s.add('user', { name: 'w', group: 'writer', password: 'pw' });
    expect((await rest(s, 'w', 'PUT', 'ip/address', { address: '10.9.9.1/24', interface: 'ether1' })).status).toBe(201);
    expect(await rest(s, 'w', 'PUT', 'user', { name: 'x', group: 'full' })).toMatchObject({ status: 400, body: { detail: 'not enough permissions (9)' } });
    expect(await rest(s, 'w', 'POST', 'system/reboot', {})).toMatchObject({ status: 400, body: { detail: 'not enough permissions (9)' } });
    expect((await rest(s, 'viewer', 'POST', 'system/reboot', {})).status).toBe(200);
    const wg = await rest(s, 'admin', 'PUT', 'interface/wireguard', { name: 'wg1' });
    expect(wg.body).toHaveProperty('private-key');
    const seen = await rest(s, 'w', 'GET', 'interface/wireguard/wg1');
    expect(seen.body).toHaveProperty('public-key');
    expect(seen.body).not.toHaveProperty('private-key');
  });
});
