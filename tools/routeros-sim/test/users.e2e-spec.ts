import { Client, utils } from 'ssh2';
import { Fleet, startFleet } from '../src';
import { call } from './rest-client';
import { sshOnce, SshSession } from './ssh-client';
import { until } from './until';

// `/user` and `/user/group` over real HTTPS and SSH (model/users.ts, rest/user-policy.ts): users added on the device log
// in with their passwords, and their group's policies decide what they may do.
describe.each(['7.15.3', '7.20.5'])('RouterOS %s users and groups', (version) => {
  let fleet: Fleet;
  beforeAll(async () => (fleet = await startFleet({ devices: 1, version, profile: 'chr', users: [{ name: 'admin', password: 'admin', group: 'full' }] })));
  afterAll(() => fleet.stop());
  afterEach(() => fetch(`${fleet.control.url}/reset`, { method: 'POST' }));

  const rest = (method: string, path: string, body?: unknown, auth?: string) => call(fleet.devices[0].restUrl, method, path, { body, ...(auth ? { auth } : {}) });
  const ssh = (command: string, username = 'admin', password = 'admin') => sshOnce(fleet.devices[0].sshPort, command, { username, password });
  const detail = (reply: { body: unknown }) => (reply.body as { detail?: string }).detail;

  it('a fresh device prints the admin user and the system groups read, write and full', async () => {
    expect(((await rest('GET', '/user')).body as Record<string, string>[]).map((u) => [u['name'], u['group']])).toEqual([['admin', 'full']]);
    const groups = (await rest('GET', '/user/group')).body as Record<string, string>[];
    expect(groups.map((g) => g['name'])).toEqual(['read', 'write', 'full']);
    expect(groups[0]['policy']).toContain('!write');
    expect((await ssh('/user group print')).output).toMatch(/read\s+local,telnet,ssh/);
  });

  it('a user added over REST logs in over REST and SSH with its password, which is never printed', async () => {
    const added = await rest('PUT', '/user', { name: 'bob', group: 'write', password: 'bob-pw', comment: 'ops' });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ name: 'bob', group: 'write', disabled: 'false', comment: 'ops' });
    expect(added.raw).not.toContain('bob-pw');
    expect((await rest('GET', '/system/identity', undefined, 'bob:bob-pw')).status).toBe(200);
    expect((await rest('GET', '/system/identity', undefined, 'bob:wrong')).status).toBe(401);
    expect((await ssh('/system identity print', 'bob', 'bob-pw')).output).toContain('name: ');
    expect((await rest('GET', '/user')).raw).not.toContain('bob-pw');
    expect((await ssh('/user print detail')).output).not.toContain('bob-pw');
    expect(detail(await rest('PUT', '/user', { name: 'bob', group: 'read' }))).toBe('failure: already have such name');
    expect(detail(await rest('PUT', '/user', { name: 'eve', group: 'nobody' }))).toBe('input does not match any value of group');
  });

  it('a user added on the console with a group of its own: the group follows renames, cannot go while used, and its policies are checked', async () => {
    expect((await ssh('/user group add name=viewers policy=read,ssh,rest-api,!write')).output).toBe('');
    expect((await ssh('/user add name=carol group=viewers password=carol-pw')).output).toBe('');
    expect(((await rest('GET', '/user/group/viewers')).body as Record<string, string>)['policy']).toMatch(/^ssh,read,rest-api,!local/);
    // Reads work on both services; writes are refused as RouterOS refuses them.
    expect((await rest('GET', '/ip/address', undefined, 'carol:carol-pw')).status).toBe(200);
    const refused = await rest('PUT', '/ip/address', { address: '10.9.9.1/24', interface: 'ether1' }, 'carol:carol-pw');
    expect({ status: refused.status, detail: detail(refused) }).toEqual({ status: 400, detail: 'not enough permissions (9)' });
    expect((await ssh('/ip address add address=10.9.9.1/24 interface=ether1', 'carol', 'carol-pw')).output).toContain('not enough permissions (9)');
    expect((await ssh('/ip address print', 'carol', 'carol-pw')).output).not.toContain('not enough permissions');
    // A group without rest-api or api refuses REST logins; one without ssh refuses SSH.
    await ssh('/user group set viewers policy=read,ssh');
    expect((await rest('GET', '/ip/address', undefined, 'carol:carol-pw')).status).toBe(401);
    await ssh('/user group set viewers policy=read,rest-api');
    await expect(ssh('/ip address print', 'carol', 'carol-pw')).rejects.toThrow(/authentication/i);
    // The user follows its group's rename; a group in use cannot be removed.
    await ssh('/user group set viewers name=watchers');
    expect(((await rest('GET', '/user/carol')).body as Record<string, string>)['group']).toBe('watchers');
    expect((await ssh('/user group remove watchers')).output).toContain('failure: group watchers is used by user carol');
    expect(detail(await rest('POST', '/user/group/remove', { numbers: 'read' }))).toBe('cannot remove builtin object');
  });

  it('refuses a policy name RouterOS does not have and the removal of the last full user', async () => {
    expect(detail(await rest('PUT', '/user/group', { name: 'x', policy: 'read,fly' }))).toBe('input does not match any value of policy');
    expect((await ssh('/user group add name=x policy=read,fly')).output).toContain('input does not match any value of policy');
    expect(detail(await rest('DELETE', `/user/${'admin'}`))).toBe('failure: can not remove or restrict the last user with full rights');
    await rest('PUT', '/user', { name: 'root2', group: 'full', password: 'pw' });
    expect((await rest('DELETE', '/user/admin')).status).toBe(204);
    expect((await rest('GET', '/system/identity', undefined, 'root2:pw')).status).toBe(200);
  });

  it('user writes need the policy policy, reboot needs reboot, and secrets need sensitive', async () => {
    await rest('PUT', '/user/group', { name: 'ops', policy: 'read,write,ssh,rest-api' });
    await rest('PUT', '/user', { name: 'dan', group: 'ops', password: 'dan-pw' });
    expect(detail(await rest('PUT', '/user', { name: 'x', group: 'full', password: 'x' }, 'dan:dan-pw'))).toBe('not enough permissions (9)');
    expect((await ssh('/user add name=x group=full password=x', 'dan', 'dan-pw')).output).toContain('not enough permissions (9)');
    expect(detail(await rest('POST', '/system/reboot', {}, 'dan:dan-pw'))).toBe('not enough permissions (9)');
    const wg = await rest('PUT', '/interface/wireguard', { name: 'wg1' });
    expect(wg.body).toHaveProperty('private-key');
    const seen = (await rest('GET', '/interface/wireguard/wg1', undefined, 'dan:dan-pw')).body as Record<string, string>;
    expect(seen['public-key']).toBeDefined();
    expect(seen['private-key']).toBeUndefined();
  });

  /** Logs in with a private key (no password), runs one command; the failure's message when the device refuses it. */
  function sshWithKey(username: string, privateKey: string, command: string): Promise<string> {
    return new Promise((resolve, reject) => {
      const client = new Client();
      client
        .on('ready', () => client.exec(command, (err, stream) => {
          if (err) return reject(err);
          let output = '';
          stream.on('data', (d: Buffer) => (output += d.toString())).on('close', () => (client.end(), resolve(output)));
        }))
        .on('error', reject)
        .connect({ host: '127.0.0.1', port: fleet.devices[0].sshPort, username, privateKey, readyTimeout: 10_000 });
    });
  }

  it('a key imported from /file lets its user log in over SSH until the key is removed', async () => {
    const pair = utils.generateKeyPairSync('ed25519', { comment: 'frank@laptop' });
    await rest('PUT', '/user', { name: 'frank', group: 'read', password: 'frank-pw' });
    await expect(sshWithKey('frank', pair.private, '/system identity print')).rejects.toThrow(/authentication/i);
    // As if uploaded by SFTP or FTP, which the simulator does not serve.
    fleet.devices[0].state.writeFile('frank.pub', 'file', pair.public);
    expect(detail(await rest('POST', '/user/ssh-keys/import', { user: 'nobody', 'public-key-file': 'frank.pub' }))).toBe('input does not match any value of user');
    expect((await rest('POST', '/user/ssh-keys/import', { user: 'frank', 'public-key-file': 'frank.pub' })).status).toBe(200);
    const keys = (await rest('GET', '/user/ssh-keys')).body as Record<string, string>[];
    expect(keys).toEqual([expect.objectContaining({ user: 'frank', 'key-owner': 'frank@laptop', 'key-type': 'ed25519', bits: '256' })]);
    expect((await ssh('/user ssh-keys print')).output).toContain('frank@laptop');
    expect(await sshWithKey('frank', pair.private, '/system identity print')).toContain('name: ');
    // Another user cannot log in with frank's key.
    await expect(sshWithKey('admin', pair.private, '/system identity print')).rejects.toThrow(/authentication/i);
    expect((await rest('DELETE', `/user/ssh-keys/${keys[0]['.id']}`)).status).toBe(204);
    await expect(sshWithKey('frank', pair.private, '/system identity print')).rejects.toThrow(/authentication/i);
    // The console imports too.
    expect((await ssh('/user ssh-keys import user=frank public-key-file=frank.pub')).output).toBe('');
    expect(await sshWithKey('frank', pair.private, '/system identity print')).toContain('name: ');
  });

  it('removing a session from /user/active ends it (remove on 7.20, request-logout on 7.15), over REST and the console', async () => {
    await rest('PUT', '/user', { name: 'gil', group: 'read', password: 'gil-pw' });
    const open = async () => {
      const session = await SshSession.connect(fleet.devices[0].sshPort, { username: 'gil', password: 'gil-pw' });
      let closed = false;
      (session as unknown as { client: { on(e: string, f: () => void): void } }).client.on('close', () => (closed = true));
      const row = ((await rest('GET', '/user/active')).body as Record<string, string>[]).find((a) => a['name'] === 'gil' && a['via'] === 'ssh')!;
      return { id: row['.id'], closed: () => closed };
    };
    const command = version === '7.15.3' ? 'request-logout' : 'remove';
    const first = await open();
    expect((await rest('POST', `/user/active/${command}`, { numbers: first.id })).status).toBe(200);
    await until(async () => first.closed());
    const second = await open();
    expect((await ssh(`/user active ${command} [find name=gil]`)).output).toBe('');
    await until(async () => second.closed());
    // A reader may not end sessions: that manages users (policy).
    const third = await open();
    expect(detail(await rest('POST', `/user/active/${command}`, { numbers: third.id }, 'gil:gil-pw'))).toBe('not enough permissions (9)');
    expect(third.closed()).toBe(false);
  });

  it('removing a user added on the device ends its SSH session and refuses its REST logins', async () => {
    await rest('PUT', '/user', { name: 'erin', group: 'read', password: 'erin-pw' });
    const session = await SshSession.connect(fleet.devices[0].sshPort, { username: 'erin', password: 'erin-pw' });
    let closed = false;
    (session as unknown as { client: { on(e: string, f: () => void): void } }).client.on('close', () => (closed = true));
    expect(((await rest('GET', '/user/active')).body as Record<string, string>[]).some((a) => a['name'] === 'erin')).toBe(true);
    expect((await ssh('/user remove erin')).output).toBe('');
    await until(async () => closed);
    await until(async () => !((await rest('GET', '/user/active')).body as Record<string, string>[]).some((a) => a['name'] === 'erin'));
    expect((await rest('GET', '/system/identity', undefined, 'erin:erin-pw')).status).toBe(401);
  });
});
