import { utils } from 'ssh2';
import { DeviceState } from './device-state';
import { seedConfig } from './profiles';
import { detail } from '../testing/rest-error-detail.fixture';
import { runCommand } from '../rest/commands';
import { runConsole } from '../ssh/console-command';
import { keyOf } from './ssh-keys';

// `/user/ssh-keys` (model/ssh-keys.ts): import from /file or add, key facts computed, following and going with the user.
const users = [{ name: 'admin', password: 'secret', group: 'full' }];
const device = () => new DeviceState('7.20.5', 42, () => seedConfig({ profile: 'chr', version: '7.20.5', identity: 'r1', index: 0, users }), () => 1_700_000_000_000);
const ed = utils.generateKeyPairSync('ed25519', { comment: 'bob@laptop' });
const rsa = utils.generateKeyPairSync('rsa', { bits: 2048, comment: 'ops' });
const blob = (publicKey: string) => (utils.parseKey(publicKey) as { getPublicSSH(): Buffer }).getPublicSSH();
const signal = new AbortController().signal;

describe('/user/ssh-keys', () => {
  it('imports a public key from a file for an existing user, with its type, bits and owner', async () => {
    const s = device();
    s.add('user', { name: 'bob', group: 'read', password: 'pw' });
    s.writeFile('bob.pub', 'file', `${ed.public}\n`);
    await runCommand(s, 'user/ssh-keys/import', { user: 'bob', 'public-key-file': 'bob.pub' }, signal);
    expect(s.list('user/ssh-keys')).toEqual([expect.objectContaining({ user: 'bob', 'key-type': 'ed25519', bits: '256', 'key-owner': 'bob@laptop' })]);
    s.writeFile('ops.pub', 'file', rsa.public);
    await runCommand(s, 'user/ssh-keys/import', { user: 'bob', 'public-key-file': 'ops.pub', 'key-owner': 'noc' }, signal);
    expect(s.list('user/ssh-keys')[1]).toMatchObject({ 'key-type': 'rsa', bits: '2048', 'key-owner': 'noc' });
    expect(keyOf(s.list('user/ssh-keys'), 'bob', blob(ed.public))).toBeDefined();
    expect(keyOf(s.list('user/ssh-keys'), 'admin', blob(ed.public))).toBeUndefined();
  });

  it('refuses a missing user, a missing file and a file that holds no public key', async () => {
    const s = device();
    s.writeFile('k.pub', 'file', ed.public);
    s.writeFile('bad.pub', 'file', 'not a key');
    const run = (body: Record<string, string>) => runCommand(s, 'user/ssh-keys/import', body, signal).then(() => 'ok', (e: Error & { detail?: string }) => e.detail);
    expect(await run({ user: 'nobody', 'public-key-file': 'k.pub' })).toBe('input does not match any value of user');
    expect(await run({ user: 'admin', 'public-key-file': 'none.pub' })).toBe('failure: no such file');
    expect(await run({ user: 'admin', 'public-key-file': 'bad.pub' })).toBe('failure: unable to load key file (wrong format or bad passphrase)!');
    expect(await run({ user: 'admin', 'public-key-file': 'k.pub' })).toBe('ok');
    expect(detail(() => s.add('user/ssh-keys', { user: 'admin', key: ed.private }))).toBe('failure: unable to load key file (wrong format or bad passphrase)!');
  });

  it('follows a renamed user and goes when the user is removed; the console imports too', async () => {
    const s = device();
    s.add('user', { name: 'bob', group: 'read', password: 'pw' });
    s.writeFile('bob.pub', 'file', ed.public);
    const ctx = { session: 't', user: { name: 'admin', password: 'secret', group: 'full' } };
    expect(await runConsole(s, '/user ssh-keys import user=bob public-key-file=bob.pub', ctx)).toMatchObject({ ok: true, output: '' });
    s.update('user', 'bob', { name: 'robert' });
    expect(s.list('user/ssh-keys')[0]['user']).toBe('robert');
    s.remove('user', 'robert');
    expect(s.list('user/ssh-keys')).toEqual([]);
  });
});
