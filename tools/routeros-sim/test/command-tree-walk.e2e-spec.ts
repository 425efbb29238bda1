import { Agent, request } from 'node:https';
import { Fleet, startFleet } from '../src';
import { printableMenus, SUPPORTED_VERSIONS, treeFor } from '../src/lib/schema/menu-schema';
import { SshSession } from './ssh-client';
import { treeRule } from '../src/lib/model/tree-rules';
import { hasCuratedRule } from '../src/lib/model/arg-rules';
import { MENU_BY_PATH } from '../src/lib/model/menus';
import { sample, Sample } from '../src/lib/testing/value-samples.fixture';
import { isNotSimulated } from '../src/lib/testing/unsupported-commands';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The commands each version still answers `… is not supported by the simulator` (kept exact by unsupported-commands.spec.ts). */
const UNSUPPORTED: Record<string, string[]> = JSON.parse(readFileSync(join(__dirname, '..', 'src', 'lib', 'testing', 'unsupported-commands.json'), 'utf8'));

/**
 * Walks the whole command tree of each version over real sockets: every printable menu prints on REST and over
 * SSH; every command of every menu either works or is refused with a RouterOS error body (never a 5xx, never a
 * hang); an argument the command does not have is refused as `unknown parameter`; values are checked as the
 * tree describes them, on REST and the console.
 */

interface Answer {
  status: number;
  body: unknown;
}

const agent = new Agent({ keepAlive: true, maxSockets: 4 });
afterAll(() => agent.destroy());

function rest(baseUrl: string, method: string, path: string, body?: unknown): Promise<Answer> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      new URL(`${baseUrl}/${path.split('/').map(encodeURIComponent).join('/')}`),
      { method, agent, rejectUnauthorized: false, timeout: 15_000, headers: { authorization: `Basic ${Buffer.from('admin:admin').toString('base64')}`, ...(payload ? { 'content-type': 'application/json' } : {}) } },
      (res) => {
        let raw = '';
        res.on('data', (d) => (raw += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: raw ? JSON.parse(raw) : undefined }));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer to ${method} ${path}`)));
    req.on('error', reject);
    req.end(payload);
  });
}

/** Arguments that bound a command that otherwise runs until the session closes. */
const BOUNDED: Record<string, Record<string, string>> = {
  'interface/monitor-traffic': { interface: 'ether1', once: '' },
  'tool/ping': { address: '127.0.0.1', count: '1' },
  ping: { address: '127.0.0.1', count: '1' },
  'tool/traceroute': { address: '127.0.0.1', count: '1' },
  'system/resource/monitor': { once: '' },
  'ip/proxy/monitor': { once: '' },
  'radius/incoming/monitor': { once: '' },
  'system/ntp/monitor-peers': { duration: '1s' },
  'interface/pppoe-client/scan': { interface: 'ether1', duration: '1s' },
  // Waits for a button press no one makes, until its activation timeout (at least 10s).
  'system/device-mode/update': { mode: 'enterprise', 'activation-timeout': '10s' },
  // The walk's own `port add` gives the generator a port, so quick runs until stopped.
  'tool/traffic-generator/quick': { duration: '1s' },
  // Issue 23's last monitors and scans (rest/quiet-monitor-commands.ts).
  'queue/monitor': { once: '' },
  'ip/traffic-flow/monitor': { once: '' },
  'routing/stats/info': { once: '' },
  'tool/profile': { duration: '1s' },
  'tool/sniffer/quick': { duration: '1s' },
};

const isRefusal = (a: Answer) => [400, 404, 406].includes(a.status) && typeof (a.body as { detail?: unknown; error?: unknown })?.error === 'number';
const isSuccess = (a: Answer) => a.status === 200 || a.status === 201 || a.status === 204;

describe.each(SUPPORTED_VERSIONS)('the whole command tree of %s', (version) => {
  const tree = treeFor(version);
  const printable = printableMenus(tree);
  let fleet: Fleet;
  let url: string;
  beforeAll(async () => {
    fleet = await startFleet({ devices: 1, profile: 'chr', version, users: [{ name: 'admin', password: 'admin', group: 'full' }] });
    url = fleet.devices[0].restUrl;
  });
  afterAll(() => fleet.stop());

  it(`prints every printable menu on REST: GET and POST print with .proplist and .query (${printable.length} menus)`, async () => {
    const failures: string[] = [];
    for (const menu of printable) {
      const listed = await rest(url, 'GET', menu);
      const printed = await rest(url, 'POST', `${menu}/print`, { '.proplist': ['.id', 'name'], '.query': ['disabled=false', 'disabled=true', '#|'] });
      const shape = (b: unknown) => Array.isArray(b) || (typeof b === 'object' && b !== null);
      if (listed.status !== 200 || !shape(listed.body)) failures.push(`GET ${menu}: ${listed.status} ${JSON.stringify(listed.body)}`);
      if (printed.status !== 200 || !shape(printed.body)) failures.push(`print ${menu}: ${printed.status} ${JSON.stringify(printed.body)}`);
    }
    expect(failures).toEqual([]);
  }, 180_000);

  it('answers singletons as objects and tables as arrays, as the tree says', async () => {
    expect((await rest(url, 'GET', 'ip/settings')).body).toEqual(expect.any(Object));
    expect(Array.isArray((await rest(url, 'GET', 'ip/settings')).body)).toBe(false);
    expect((await rest(url, 'GET', 'interface/wireguard')).body).toEqual([]);
    expect((await rest(url, 'GET', 'system/script')).body).toEqual([]);
  });

  it('prints every printable menu over SSH, and moves into a menu the way the console does', async () => {
    const session = await SshSession.connect(fleet.devices[0].sshPort, { password: 'admin' });
    try {
      const failures: string[] = [];
      // In batches of `;`-separated lines (one exec each costs a channel's round trips); a failing print stops its batch.
      for (let i = 0; i < printable.length; i += 20) {
        const batch = printable.slice(i, i + 20);
        const { code, output } = await session.exec(batch.map((menu) => `/${menu.replace(/\//g, ' ')} print`).join('; '));
        if (code !== 0) failures.push(`${batch.join(', ')}: ${output}`);
      }
      expect(failures).toEqual([]);
      const shell = await session.shell();
      await shell.waitFor(/> $/);
      await shell.run('/interface wireguard');
      expect(await shell.run('add name=wg1 listen-port=13231')).not.toMatch(/failure|bad command|expected/);
      expect(await shell.run('print')).toMatch(/^0 R wg1 +1420 +13231\b/m);
      expect(await shell.run('print detail')).toContain('name="wg1"');
      expect(await shell.run('/ip settings set bogus-arg=1')).toContain('expected end of command');
    } finally {
      session.close();
    }
  }, 180_000);

  it('runs or refuses every command of every menu with a RouterOS error, and refuses arguments the command lacks', async () => {
    const failures: string[] = [];
    const notSimulated: string[] = [];
    let ran = 0;
    let refused = 0;
    const skipped = (menu: string, command: string) => (menu === 'system' && ['reboot', 'reset-configuration', 'shutdown'].includes(command)) || command === 'quit';
    for (const [menu, node] of Object.entries(tree)) {
      for (const command of node.commands) {
        // Reboot and reset would only restart what the walk reads; they are run on their own below.
        if (skipped(menu, command)) continue;
        const path = menu ? `${menu}/${command}` : command;
        const answer = await rest(url, 'POST', path, BOUNDED[path] ?? {});
        if (isSuccess(answer)) ran++;
        else if (isRefusal(answer)) {
          refused++;
          if (isNotSimulated((answer.body as { detail?: unknown }).detail)) notSimulated.push(path);
        } else failures.push(`${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
        if (command === 'print' || command === 'edit') continue;
        const unknown = await rest(url, 'POST', path, { ...(BOUNDED[path] ?? {}), 'no-such-argument': '1' });
        if (unknown.status !== 400 || (unknown.body as { detail?: string })?.detail !== 'unknown parameter no-such-argument') {
          failures.push(`${path} with an unknown argument: ${unknown.status} ${JSON.stringify(unknown.body)}`);
        }
      }
    }
    expect(failures).toEqual([]);
    // `not supported by the simulator` is accepted only for the commands still listed: a modelled command never
    // answers it, and the list can only shrink.
    expect(notSimulated.sort()).toEqual(UNSUPPORTED[version].filter((p) => !skipped(p.includes('/') ? p.slice(0, p.lastIndexOf('/')) : '', p.slice(p.lastIndexOf('/') + 1))));
    // Most commands are refused (not modelled, or missing items); the writes and diagnostics run.
    expect(ran).toBeGreaterThan(100);
    expect(refused).toBeGreaterThan(1000);
  }, 300_000);

  /** Every `add` argument of a generic table menu whose description the simulator checks (not just a sample). */
  function describedAddArgs(): { menu: string; key: string; values: Sample }[] {
    const out: { menu: string; key: string; values: Sample }[] = [];
    for (const menu of printable) {
      // Curated menus that refuse add as not simulated (read-only `/file`) do so before they read values.
      if (!tree[menu].commands.includes('add') || MENU_BY_PATH.get(menu)?.writable === false || MENU_BY_PATH.get(menu)?.unmodelled?.includes('add')) continue;
      for (const key of tree[menu].add ?? []) {
        const rule = treeRule(version, menu, 'add', key);
        const values = rule && !hasCuratedRule(menu, key) ? sample(rule, key) : undefined;
        if (values?.invalid) out.push({ menu, key, values });
      }
    }
    return out;
  }

  it('checks every described add argument over REST: a valid value is not refused for it, an invalid one is refused with RouterOS text', async () => {
    const failures: string[] = [];
    const args = describedAddArgs();
    for (const { menu, key, values } of args) {
      const invalid = await rest(url, 'PUT', menu, { [key]: values.invalid });
      if (invalid.status !== 400 || (invalid.body as { detail?: string })?.detail !== values.refusal) failures.push(`PUT ${menu} ${key}=${values.invalid}: ${invalid.status} ${JSON.stringify(invalid.body)}`);
      const valid = await rest(url, 'PUT', menu, { [key]: values.valid });
      const detail = (valid.body as { detail?: string })?.detail ?? '';
      if (!isSuccess(valid) && [`argument ${key}`, `value of ${key}`].some((w) => detail.includes(w))) failures.push(`PUT ${menu} ${key}=${values.valid}: ${valid.status} ${detail}`);
    }
    expect(failures).toEqual([]);
    expect(args.length).toBeGreaterThan(300);
  }, 300_000);

  it('refuses an invalid value on the SSH console with the same text (one argument per kind of rule)', async () => {
    const byKind = new Map<string, { menu: string; key: string; values: Sample }>();
    for (const arg of describedAddArgs()) {
      const kind = treeRule(version, arg.menu, 'add', arg.key)!.kind;
      if (!byKind.has(kind) && /^[A-Za-z0-9.:/-]+$/.test(arg.values.invalid!)) byKind.set(kind, arg);
    }
    expect([...byKind.keys()].sort()).toEqual(expect.arrayContaining(['enum', 'integer', 'ipv4', 'ipv4-prefix', 'ipv4-range', 'ipv6-prefix', 'mac', 'string', 'time']));
    const session = await SshSession.connect(fleet.devices[0].sshPort, { password: 'admin' });
    try {
      for (const { menu, key, values } of byKind.values()) {
        const { output } = await session.exec(`/${menu.replace(/\//g, ' ')} add ${key}=${values.invalid}`);
        expect(`${menu} ${key}: ${output.trim()}`).toBe(`${menu} ${key}: ${values.refusal}`);
      }
    } finally {
      session.close();
    }
  }, 120_000);

  it('refuses an unknown menu, an unknown command and an unknown argument of add and set as RouterOS does', async () => {
    expect(await rest(url, 'GET', 'ip/settingz')).toMatchObject({ status: 400, body: { detail: 'no such command or directory (settingz)' } });
    // Below a table an unknown word reads as an item's name, as on RouterOS (the product relies on it).
    expect(await rest(url, 'GET', 'interface/wireguardz')).toMatchObject({ status: 404 });
    expect(await rest(url, 'POST', 'interface/wireguard/frobnicate', {})).toMatchObject({ status: 400, body: { detail: 'no such command or directory (frobnicate)' } });
    expect(await rest(url, 'PUT', 'interface/wireguard', { name: 'wg9', colour: 'red' })).toMatchObject({ status: 400, body: { detail: 'unknown parameter colour' } });
    const added = await rest(url, 'PUT', 'interface/wireguard', { name: 'wg9', 'listen-port': '13231' });
    expect(added).toMatchObject({ status: 201, body: { name: 'wg9', 'listen-port': '13231', disabled: 'false' } });
    const id = (added.body as Record<string, string>)['.id'];
    expect(await rest(url, 'PATCH', `interface/wireguard/${id}`, { colour: 'red' })).toMatchObject({ status: 400, body: { detail: 'unknown parameter colour' } });
    expect(await rest(url, 'POST', 'interface/wireguard/disable', { numbers: id })).toMatchObject({ status: 200 });
    expect(await rest(url, 'POST', 'interface/wireguard/comment', { numbers: id, comment: 'vpn' })).toMatchObject({ status: 200 });
    expect((await rest(url, 'GET', `interface/wireguard/${id}`)).body).toMatchObject({ disabled: 'true', comment: 'vpn' });
    expect(await rest(url, 'POST', 'ip/settings/set', { 'rp-filter': 'strict' })).toMatchObject({ status: 200 });
    expect((await rest(url, 'GET', 'ip/settings')).body).toMatchObject({ 'rp-filter': 'strict' });
    // No singleton of either tree has `unset`.
    expect(await rest(url, 'POST', 'ip/settings/unset', { 'value-name': 'rp-filter' })).toMatchObject({ status: 400, body: { detail: 'no such command or directory (unset)' } });
    // Shutdown powers the device off (test/power-commands.e2e-spec.ts); here only its argument check.
    expect(await rest(url, 'POST', 'system/shutdown', { bogus: '1' })).toMatchObject({ status: 400, body: { detail: 'unknown parameter bogus' } });
    expect(await rest(url, 'POST', 'system/reboot', { bogus: '1' })).toMatchObject({ status: 400, body: { detail: 'unknown parameter bogus' } });
    expect(await rest(url, 'DELETE', `interface/wireguard/${id}`)).toMatchObject({ status: 204 });
  });
});
