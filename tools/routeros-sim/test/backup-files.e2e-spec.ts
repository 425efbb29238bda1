import { oneDevice } from './one-device';

type Rows = Record<string, string>[];

describe.each(['7.15.3', '7.20.5'])('RouterOS %s backups, exports and /file', (version) => {
  const { rest, ssh } = oneDevice(version);
  const files = async () => (await rest('GET', '/file')).body as Rows;
  const file = async (name: string) => (await files()).find((f) => f['name'] === name);
  const detail = (reply: { status: number; body: unknown }) => ({ status: reply.status, detail: (reply.body as { detail?: string }).detail });
  const comment = async () => ((await rest('GET', '/ip/address')).body as Rows).find((a) => a['address'] === '192.168.88.1/24')?.['comment'];
  const STAMP = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

  it('saves a backup over REST and SSH as <name>.backup: binary, sized, stamped; the default name is identity-date-time', async () => {
    expect(await rest('POST', '/system/backup/save', { name: 'nightly', password: 's3cret' })).toMatchObject({ status: 200, body: [] });
    expect(await ssh('/system backup save name=console dont-encrypt=yes')).toMatchObject({ code: 0, output: 'Configuration backup saved\r\n' });
    expect((await rest('POST', '/system/backup/save', {})).status).toBe(200);
    const nightly = await file('nightly.backup');
    expect(nightly).toMatchObject({ type: 'backup', 'creation-time': expect.stringMatching(STAMP) });
    expect(Number(nightly!['size'])).toBeGreaterThan(20_000);
    expect(nightly).not.toHaveProperty('contents');
    expect(JSON.stringify(await files())).not.toContain('s3cret');
    expect(await file('console.backup')).toMatchObject({ type: 'backup' });
    expect((await files()).map((f) => f['name'])).toContainEqual(expect.stringMatching(/^sim-home-001-\d{8}-\d{4}\.backup$/));
    // The console lists files, never their contents.
    const listed = (await ssh('/file print')).output;
    expect(listed).toMatch(/nightly\.backup\s+backup\s+\d+\s+\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
  });

  it('refuses save arguments the tree lacks and bad values, on REST and SSH', async () => {
    expect(detail(await rest('POST', '/system/backup/save', { name: 'x', bogus: '1' }))).toEqual({ status: 400, detail: 'unknown parameter bogus' });
    expect(detail(await rest('POST', '/system/backup/save', { name: 'x', encryption: 'des' }))).toEqual({ status: 400, detail: 'input does not match any value of encryption' });
    expect(await ssh('/system backup save name=x bogus=1')).toMatchObject({ code: 1, output: 'expected end of command (line 1 column 28)\r\n' });
    expect(await file('x.backup')).toBeUndefined();
  });

  it('loads a backup: the configuration captured at save comes back and the device reboots', async () => {
    await rest('POST', '/system/backup/save', { name: 'before', password: 'pw' });
    await rest('PATCH', '/ip/address/*1', { comment: 'changed' });
    await ssh('/system backup save name=after');
    expect(await comment()).toBe('changed');
    expect(await rest('POST', '/system/backup/load', { name: 'before.backup', password: 'pw' })).toMatchObject({ status: 200 });
    expect(await comment()).toBe('defconf');
    expect(((await rest('GET', '/system/resource')).body as { uptime: string }).uptime).toMatch(/^[0-9]s$/);
    // Files are not configuration: both backups are still there after the load.
    expect(await file('after.backup')).toBeDefined();
    expect(await ssh('/system backup load name=after')).toMatchObject({ code: 0, output: expect.stringContaining('System configuration restored, rebooting now') });
    expect(await comment()).toBe('changed');
  });

  it('refuses to load what is no backup, or an encrypted backup with the wrong password, changing nothing', async () => {
    await rest('POST', '/system/backup/save', { name: 'locked', password: 'pw' });
    await rest('POST', '/export', { file: 'cfg' });
    await rest('PATCH', '/ip/address/*1', { comment: 'kept' });
    expect(detail(await rest('POST', '/system/backup/load', { name: 'missing' }))).toEqual({ status: 400, detail: 'failure: no such backup file' });
    expect(detail(await rest('POST', '/system/backup/load', { name: 'cfg.rsc' }))).toEqual({ status: 400, detail: 'failure: no such backup file' });
    expect(detail(await rest('POST', '/system/backup/load', { name: 'locked', password: 'nope' }))).toEqual({ status: 400, detail: 'failure: wrong password' });
    expect(detail(await rest('POST', '/system/backup/load', {}))).toEqual({ status: 400, detail: 'missing value for name' });
    expect(await ssh('/system backup load name=locked')).toMatchObject({ code: 1, output: 'failure: wrong password\r\n' });
    expect(await comment()).toBe('kept');
  });

  it('writes /export file=NAME as NAME.rsc (type script) holding the export text, over REST and SSH', async () => {
    expect((await rest('POST', '/export', { file: 'cfg' })).status).toBe(200);
    expect(await ssh('/ip address export file=addr')).toMatchObject({ code: 0 });
    const cfg = await file('cfg.rsc');
    expect(cfg).toMatchObject({ type: 'script', 'creation-time': expect.stringMatching(STAMP) });
    expect(cfg!['contents']).toContain('/ip address\r\nadd address=192.168.88.1/24 comment=defconf interface=bridge');
    expect(cfg!['size']).toBe(String(Buffer.byteLength(cfg!['contents'])));
    expect((await file('addr.rsc'))!['contents']).toContain('/ip address');
  });

  it('adds, edits and removes files with contents over REST and SSH; typed by name; the console never prints contents', async () => {
    const added = await rest('PUT', '/file', { name: 'notes.txt', contents: 'hello' });
    expect(added).toMatchObject({ status: 201, body: { name: 'notes.txt', type: '.txt file', size: '5', contents: 'hello' } });
    expect(await ssh('/file add name=dir type=directory')).toMatchObject({ code: 0 });
    expect(await file('dir')).toMatchObject({ type: 'directory' });
    expect(await file('dir')).not.toHaveProperty('size');
    expect((await rest('PATCH', `/file/${(added.body as Record<string, string>)['.id']}`, { contents: 'hello, world' })).status).toBe(200);
    expect(await file('notes.txt')).toMatchObject({ contents: 'hello, world', size: '12' });
    expect(await ssh('/file set notes.txt contents=secret-text')).toMatchObject({ code: 0 });
    const printed = (await ssh('/file print')).output;
    expect(printed).toContain('notes.txt');
    expect(printed).not.toContain('secret-text');
    expect(detail(await rest('PUT', '/file', { name: 'notes.txt' }))).toEqual({ status: 400, detail: 'failure: already have such name' });
    expect(detail(await rest('PUT', '/file', { name: 'd2', type: 'directory', contents: 'x' }))).toEqual({ status: 400, detail: 'failure: contents can be set only for files' });
    expect(detail(await rest('PUT', '/file', { name: 'p', type: 'pipe' }))).toEqual({ status: 400, detail: 'input does not match any value of type' });
    expect(detail(await rest('PUT', '/file', { name: '../etc/passwd' }))).toMatchObject({ status: 400 });
    expect(detail(await rest('PUT', '/file', { contents: 'x' }))).toEqual({ status: 400, detail: 'missing value for name' });
    // `/file/read` reads a chunk of a text file; a backup has no bytes in the simulator.
    expect((await rest('POST', '/file/read', { file: 'notes.txt', offset: '7', 'chunk-size': '4' })).body).toEqual([{ data: 'text' }]);
    expect(await ssh('/file read file=notes.txt chunk-size=6')).toMatchObject({ code: 0, output: 'data: secret\r\n' });
    expect(detail(await rest('POST', '/file/read', { file: 'nope.txt' }))).toEqual({ status: 400, detail: 'input does not match any value of file' });
    expect(detail(await rest('POST', '/file/read', { file: 'notes.txt', 'chunk-size': '40000' }))).toMatchObject({ status: 400 });
    expect(detail(await rest('POST', '/file/read', { file: 'notes.txt', bogus: '1' }))).toEqual({ status: 400, detail: 'unknown parameter bogus' });
    expect((await rest('DELETE', '/file/notes.txt')).status).toBe(204);
    expect(await ssh('/file remove dir')).toMatchObject({ code: 0 });
    expect((await files()).map((f) => f['name'])).toEqual(['flash']);
    // The disk itself is built in.
    expect(detail(await rest('DELETE', '/file/flash'))).toEqual({ status: 406, detail: 'cannot remove builtin object' });
    expect(await ssh('/file remove flash')).toMatchObject({ code: 1, output: 'cannot remove builtin object\r\n' });
    expect(await file('flash')).toEqual(expect.objectContaining({ type: 'disk' }));
    expect(await file('flash')).not.toHaveProperty('size');
  });
});
