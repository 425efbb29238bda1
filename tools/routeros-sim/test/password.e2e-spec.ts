import { call } from './rest-client';
import { sshOnce } from './ssh-client';
import { oneDevice } from './one-device';

// `/password` and `/user/settings` over real HTTPS and SSH (model/password-rules.ts): a user changes its own password,
// which then logs in on both services while the old one no longer does; the settings' rules refuse weak passwords on
// every path that sets one. Passwords never appear in an answer.
describe.each(['7.15.3', '7.20.5'])('RouterOS %s password and user settings', (version) => {
  const sim = oneDevice(version);
  const rest = (method: string, path: string, body?: unknown, auth = 'admin:admin') => call(sim.fleet.devices[0].restUrl, method, path, { body, auth });
  const ssh = (command: string, username = 'admin', password = 'admin') => sshOnce(sim.fleet.devices[0].sshPort, command, { username, password });
  const detail = (reply: { body: unknown }) => (reply.body as { detail?: string }).detail;
  const change = (old: string, next: string, confirm = next) => ({ 'old-password': old, 'new-password': next, 'confirm-new-password': confirm });

  /** The device credential the product (and every other spec) uses is put back whatever the test did. */
  async function restoreAdmin(current: string): Promise<void> {
    if ((await rest('GET', '/system/identity', undefined, 'admin:admin')).status === 200) return;
    expect((await rest('POST', '/password', change(current, 'admin'), `admin:${current}`)).status).toBe(200);
    expect((await rest('GET', '/system/identity', undefined, 'admin:admin')).status).toBe(200);
  }

  it('REST: admin changes its own password; the new one logs in on REST and SSH, the old one no longer does', async () => {
    try {
      const changed = await rest('POST', '/password', change('admin', 'S3cret-new'));
      expect(changed).toMatchObject({ status: 200, body: [] });
      expect(changed.raw).not.toContain('S3cret-new');
      expect((await rest('GET', '/system/identity', undefined, 'admin:S3cret-new')).status).toBe(200);
      expect((await rest('GET', '/system/identity', undefined, 'admin:admin')).status).toBe(401);
      expect((await ssh('/system identity print', 'admin', 'S3cret-new')).output).toContain('name: ');
      await expect(ssh('/system identity print', 'admin', 'admin')).rejects.toThrow(/authentication/i);
      // Never printed, exported or answered.
      const auth = 'admin:S3cret-new';
      expect((await rest('GET', '/user', undefined, auth)).raw).not.toContain('S3cret-new');
      expect((await rest('POST', '/user/print', { detail: '' }, auth)).raw).not.toContain('S3cret-new');
      expect((await ssh('/user print detail', 'admin', 'S3cret-new')).output).not.toContain('S3cret-new');
      expect((await ssh('/export show-sensitive', 'admin', 'S3cret-new')).output).not.toContain('S3cret-new');
    } finally {
      await restoreAdmin('S3cret-new');
    }
  });

  it('REST: a wrong old password, two new ones that differ or a missing argument change nothing', async () => {
    const wrong = await rest('POST', '/password', change('nope', 'other-pw'));
    expect({ status: wrong.status, detail: detail(wrong) }).toEqual({ status: 400, detail: 'failure: old password is not valid' });
    expect(wrong.raw).not.toContain('other-pw');
    expect(detail(await rest('POST', '/password', change('admin', 'other-pw', 'other-pw2')))).toBe('failure: new passwords do not match');
    expect(detail(await rest('POST', '/password', { 'old-password': 'admin', 'new-password': 'x' }))).toBe('missing value for confirm-new-password');
    expect(detail(await rest('POST', '/password', { ...change('admin', 'x'), bogus: '1' }))).toBe('unknown parameter bogus');
    expect((await rest('GET', '/system/identity', undefined, 'admin:admin')).status).toBe(200);
    expect((await rest('GET', '/system/identity', undefined, 'admin:other-pw')).status).toBe(401);
  });

  it('SSH: /password changes the password of the user logged in, with the same refusals', async () => {
    try {
      expect((await ssh('/password old-password=wrong new-password=a confirm-new-password=a')).output).toContain('failure: old password is not valid');
      expect((await ssh('/password old-password=admin new-password=a confirm-new-password=b')).output).toContain('failure: new passwords do not match');
      // Setup scripts probe for a blank password this way (a refusal means one is set).
      expect((await ssh(':do { /password old-password="" new-password="" confirm-new-password="" } on-error={ :put "set" }')).output).toBe('set\r\n');
      expect((await ssh('/password old-password=admin new-password="two words" confirm-new-password="two words"')).output).toBe('');
      expect((await rest('GET', '/system/identity', undefined, 'admin:two words')).status).toBe(200);
      expect((await rest('GET', '/system/identity', undefined, 'admin:admin')).status).toBe(401);
      expect((await ssh('/system identity print', 'admin', 'two words')).output).toContain('name: ');
    } finally {
      await restoreAdmin('two words');
    }
  });

  it('a user changes only its own password, and needs the password policy (a read user has it)', async () => {
    await rest('PUT', '/user', { name: 'viewer', group: 'read', password: 'viewer-pw' });
    expect((await rest('POST', '/password', change('viewer-pw', 'viewer-pw2'), 'viewer:viewer-pw')).status).toBe(200);
    expect((await rest('GET', '/system/identity', undefined, 'viewer:viewer-pw2')).status).toBe(200);
    // The admin's password is untouched.
    expect((await rest('GET', '/system/identity', undefined, 'admin:admin')).status).toBe(200);
    await rest('PUT', '/user/group', { name: 'nopw', policy: 'read,ssh,rest-api' });
    await rest('PUT', '/user', { name: 'locked', group: 'nopw', password: 'locked-pw' });
    const refused = await rest('POST', '/password', change('locked-pw', 'x'), 'locked:locked-pw');
    expect({ status: refused.status, detail: detail(refused) }).toEqual({ status: 400, detail: 'not enough permissions (9)' });
    expect((await ssh('/password old-password=locked-pw new-password=x confirm-new-password=x', 'locked', 'locked-pw')).output).toContain('not enough permissions (9)');
    expect((await rest('GET', '/system/identity', undefined, 'locked:locked-pw')).status).toBe(200);
  });

  it('/user/settings prints its factory values, takes the manual ranges and exports what differs', async () => {
    expect((await rest('GET', '/user/settings')).body).toEqual({ 'minimum-categories': '0', 'minimum-password-length': '0' });
    expect((await ssh('/user settings print')).output).toMatch(/minimum-password-length: 0/);
    expect((await ssh('/export')).output).not.toContain('/user settings');
    expect(detail(await rest('POST', '/user/settings/set', { 'minimum-categories': '5' }))).toBe('value of minimum-categories out of range (0..4)');
    expect(detail(await rest('POST', '/user/settings/set', { 'minimum-password-length': 'long' }))).toBe('invalid value for argument minimum-password-length');
    expect((await ssh('/user settings set minimum-password-length=8 minimum-categories=3')).output).toBe('');
    expect((await rest('GET', '/user/settings')).body).toEqual({ 'minimum-categories': '3', 'minimum-password-length': '8' });
    expect((await ssh('/export')).output).toMatch(/\/user settings\r?\nset minimum-categories=3 minimum-password-length=8/);
  });

  it('the settings refuse a weak password on /user add, /user set and /password, over REST and SSH', async () => {
    await rest('POST', '/user/settings/set', { 'minimum-password-length': '8', 'minimum-categories': '3' });
    const short = await rest('PUT', '/user', { name: 'bob', group: 'write', password: 'Ab1!' });
    expect({ status: short.status, detail: detail(short) }).toEqual({ status: 400, detail: 'failure: password must be at least 8 characters long' });
    expect(short.raw).not.toContain('Ab1!');
    expect(detail(await rest('PUT', '/user', { name: 'bob', group: 'write', password: 'alllowercase' }))).toBe('failure: password must contain at least 3 of: uppercase, lowercase, digit, symbol');
    expect((await ssh('/user add name=bob group=write password=lowercase1')).output).toContain('failure: password must contain at least 3 of');
    expect(((await rest('GET', '/user')).body as Record<string, string>[]).map((u) => u['name'])).toEqual(['admin']);
    expect((await rest('PUT', '/user', { name: 'bob', group: 'write', password: 'Lower-case1' })).status).toBe(201);
    expect((await ssh('/user set bob password=short')).output).toContain('failure: password must be at least 8 characters long');
    expect(detail(await rest('PATCH', '/user/bob', { password: 'longbutweak' }))).toBe('failure: password must contain at least 3 of: uppercase, lowercase, digit, symbol');
    expect((await rest('GET', '/system/identity', undefined, 'bob:Lower-case1')).status).toBe(200);
    // `/password` is judged by the same rules; the admin's own weak password still logs in (rules judge new ones).
    expect(detail(await rest('POST', '/password', change('admin', 'weak')))).toBe('failure: password must be at least 8 characters long');
    expect((await ssh('/password old-password=admin new-password=weakweak confirm-new-password=weakweak')).output).toContain('failure: password must contain at least 3 of');
    expect((await rest('GET', '/system/identity', undefined, 'admin:admin')).status).toBe(200);
    expect((await ssh('/user print detail')).output).not.toContain('Lower-case1');
  });
});
