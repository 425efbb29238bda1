import { Fleet, simControl, startFleet, tempDir } from '@routeros-mcp/testing';
import { join } from 'node:path';
import { EraClient, ERAS } from './era-client';
import { connectStdio, enrollWriters } from './fleet-setup';

/*
 * Issue 24, the menu tools: any RouterOS menu described from the device version's command tree, with what a caller
 * may do there. Devices on both vendored versions (7.15.3 and 7.20.5), enrolled with and without the write flags,
 * in lab and prod; the built server driven by the SDK clients of both revisions.
 */
const dir = tempDir('stdio-menus-');
const dataDir = join(dir.path, 'data');
const fleets: Fleet[] = [];
const USER = { name: 'admin', password: 'e2e-Pw-1', group: 'full' };
const WRITES = { allow_advanced_writes: true, allow_firewall_writes: true };

beforeAll(async () => {
  for (const version of ['7.15.3', '7.20.5']) fleets.push(await startFleet({ devices: 1, version, users: [USER] }));
  const [old, recent] = fleets.map((f) => f.devices[0]);
  await enrollWriters(dataDir, USER, [
    { id: 'old-lab', device: old, environment: 'lab', capabilities: WRITES },
    { id: 'new-lab', device: recent, environment: 'lab', capabilities: WRITES },
    { id: 'new-ro', device: recent, environment: 'lab' },
    { id: 'new-prod', device: recent, environment: 'prod', capabilities: WRITES },
  ]);
}, 120_000);
afterAll(async () => {
  await Promise.all(fleets.map((f) => f.stop()));
  dir.remove();
});

describe.each(ERAS)('menu_print over %s', (_label, era) => {
  let client: EraClient;
  beforeAll(async () => {
    client = await connectStdio(dataDir, {}, era);
  });
  afterAll(() => client?.close());
  afterEach(() => simControl(fleets[1], 'POST', '/reset'));
  const print = async (args: Record<string, unknown>) => {
    const result = await client.callTool('menu_print', { device_id: 'new-lab', ...args });
    expect(result.isError).toBeFalsy();
    return result;
  };

  it('prints any menu as typed rows with paging, and a singleton as its one object', async () => {
    const config = (await simControl(fleets[1], 'GET', '/devices/0/state')).config;
    const addresses = (await print({ path: '/ip/address' })).structuredContent;
    expect(addresses).toMatchObject({ path: '/ip/address', tree_version: '7.20.5', singleton: false, total_count: config['ip/address'].length });
    expect(addresses.items[0]).toMatchObject({ '.id': expect.any(String), address: config['ip/address'][0].address, disabled: false });
    const page = (await print({ path: '/interface', limit: 1, fields: ['name', 'type'] })).structuredContent;
    expect(page).toMatchObject({ has_more: true, next_cursor: expect.any(String) });
    expect(Object.keys(page.items[0]).sort()).toEqual(['.id', 'name', 'type']);
    const next = (await print({ path: '/interface', limit: 1, fields: ['name', 'type'], cursor: page.next_cursor })).structuredContent;
    expect(next.items[0].name).not.toBe(page.items[0].name);
    const dns = (await print({ path: '/ip/dns' })).structuredContent;
    expect(dns).toMatchObject({ singleton: true, total_count: 1 });
    expect(dns.items[0]).toMatchObject({ servers: config['ip/dns'][0].servers });
  });

  it('filters on the device, refuses a filter on a property the menu lacks, and never shows a secret', async () => {
    const first = (await simControl(fleets[1], 'GET', '/devices/0/state')).config['interface/ethernet'][0];
    const one = (await print({ path: '/interface', where: { name: first.name } })).structuredContent;
    expect(one.items.map((r: { name: string }) => r.name)).toEqual([first.name]);
    const wrong = await client.failure('menu_print', { device_id: 'new-lab', path: '/interface', where: { colour: 'blue' } });
    expect(wrong.message).toMatch(/where\.colour: is not a property of \/interface; use one of: .*\bname\b/);
    await simControl(fleets[1], 'POST', '/devices/0/config', { action: 'add', path: 'interface/wireguard', props: { name: 'wg-print', 'listen-port': '13231' } });
    const wg = await print({ path: '/interface/wireguard', where: { name: 'wg-print' } });
    expect(wg.structuredContent.items[0]).toMatchObject({ name: 'wg-print', 'private-key': '[redacted]', 'public-key': expect.any(String) });
    expect(JSON.stringify(wg)).not.toMatch(/private-key":"[A-Za-z0-9+/]{43}=/);
    // A file's contents may be a key: never printed.
    await simControl(fleets[1], 'POST', '/devices/0/config', { action: 'add', path: 'file', props: { name: 'wg.key', contents: 'KEY-MATERIAL-e2e-0001' } });
    const files = await print({ path: '/file', where: { name: 'wg.key' } });
    expect(files.structuredContent.items[0]).toMatchObject({ name: 'wg.key', contents: '[redacted]' });
    expect(JSON.stringify(files)).not.toContain('KEY-MATERIAL');
    const secret = await client.failure('menu_print', { device_id: 'new-lab', path: '/interface/wireguard', where: { 'private-key': 'guess' } });
    expect(secret.data.mcp_error_code).toBe('INVALID_PARAMS');
  });

  it('refuses a menu with nothing to print, naming its submenus', async () => {
    const failed = await client.failure('menu_print', { device_id: 'new-lab', path: '/ip/firewall' });
    expect(failed.data.mcp_error_code).toBe('INVALID_PARAMS');
    expect(failed.message).toMatch(/\/ip\/firewall has nothing to print on RouterOS 7\.20\.5; its submenus: .*\/ip\/firewall\/filter/);
  });
});

describe.each(ERAS)('the deep-dive reads the default tool list leaves to menu_print, over %s', (_label, era) => {
  const DEEP_DIVES = [
    ['ip_get_arp_table', '/ip/arp'],
    ['dns_get_cache', '/ip/dns/cache'],
    ['system_get_health', '/system/health'],
  ] as const;

  it('are switched off by default, naming the menu_print path; menu_print reads the same rows on both versions', async () => {
    // A row in every menu, so that equal answers mean the same rows, not two empty lists.
    for (const fleet of fleets) {
      await simControl(fleet, 'POST', '/devices/0/config', { action: 'add', path: 'ip/arp', props: { address: '192.0.2.77', 'mac-address': '02:00:00:00:00:77', interface: 'ether1' } });
    }
    const byDefault = await connectStdio(dataDir, { ROUTEROS_MCP_TOOLSETS: 'default' }, era);
    const everything = await connectStdio(dataDir, {}, era);
    try {
      const listed = (await byDefault.listTools()).tools.map((t) => t.name);
      expect(listed).toContain('menu_print');
      for (const [tool, path] of DEEP_DIVES) {
        expect(listed).not.toContain(tool);
        const off = await byDefault.failure(tool, { device_id: 'new-lab' });
        expect(off.data).toMatchObject({ mcp_error_code: 'TOOL_NOT_ENABLED', enable_with: { ROUTEROS_MCP_TOOLSETS: `default,${tool.split('_')[0]}` } });
        expect(off.message).toContain(`is a deep-dive read left out of the default tool list; menu_print with path ${path} reads the same rows`);
        for (const device_id of ['old-lab', 'new-lab']) {
          const printed = await byDefault.callTool('menu_print', { device_id, path });
          const direct = await everything.callTool(tool, { device_id });
          expect({ tool, device_id, error: printed.isError ?? false }).toEqual({ tool, device_id, error: false });
          expect(printed.structuredContent.items).toEqual(direct.structuredContent.items);
          if (tool !== 'system_get_health') expect({ tool, device_id, rows: printed.structuredContent.items.length > 0 }).toEqual({ tool, device_id, rows: true });
        }
      }
    } finally {
      await Promise.all(fleets.map((f) => simControl(f, 'POST', '/reset')));
      await byDefault.close();
      await everything.close();
    }
  }, 120_000);
});

describe.each(ERAS)('menu_describe over %s', (_label, era) => {
  let client: EraClient;
  beforeAll(async () => {
    client = await connectStdio(dataDir, {}, era);
  });
  afterAll(() => client?.close());
  const describeMenu = async (device_id: string, path: string) => {
    const result = await client.callTool('menu_describe', { device_id, path });
    expect(result.isError).toBeFalsy();
    return result;
  };

  it("describes a menu from the device's own version's tree: arguments with RouterOS's accepted values, row commands, reach", async () => {
    const result = await describeMenu('new-lab', '/ip/firewall/nat');
    const menu = result.structuredContent;
    // The device never reported its version at enrolment: the tool asked it once.
    expect(menu).toMatchObject({ device_id: 'new-lab', path: '/ip/firewall/nat', tree_version: '7.20.5', device_version: '7.20.5', printable: true });
    expect(menu.tree_note).toBeUndefined();
    expect(menu.row_commands).toEqual(expect.arrayContaining(['add', 'set', 'remove', 'move', 'enable', 'disable', 'unset']));
    const args = new Map(menu.arguments.map((a: { name: string }) => [a.name, a]));
    expect(args.get('chain')).toEqual({ name: 'chain', on: ['add', 'set'] });
    expect(args.get('address-list-timeout')).toMatchObject({ accepts: expect.stringMatching(/time interval/) });
    expect(args.has('numbers')).toBe(false);
    expect(menu.writes).toMatchObject({ reach: 'modelled', allowed: true, plan_only: false });
    expect(menu.writes.protection).toMatch(/management path/);
    expect(result.content[0].text).toMatch(/^new-lab \/ip\/firewall\/nat \(RouterOS 7\.20\.5 command tree\)\nwrites: allowed/);
  });

  it('gives how many items the menu holds and its read-only properties from one print, and counts again after a change', async () => {
    const first = (await describeMenu('new-lab', '/ip/address')).structuredContent;
    const printed = (await client.callTool('menu_print', { device_id: 'new-lab', path: '/ip/address' })).structuredContent;
    expect(first.item_count).toBe(printed.total_count);
    expect(first.counted_at).toEqual(expect.any(String));
    // Not in the command tree: what the rows carry that neither add nor set takes.
    expect(first.read_only).toEqual(expect.arrayContaining(['actual-interface', 'dynamic', 'invalid']));
    expect(first.read_only).not.toContain('address');
    expect(first.read_only).not.toContain('interface');
    const added = await client.callTool('menu_change', { device_id: 'new-lab', path: '/ip/address', operations: [{ op: 'add', values: { address: '198.51.100.1/24', interface: 'ether2' } }] });
    expect(added.isError).toBeFalsy();
    try {
      const after = await describeMenu('new-lab', '/ip/address');
      expect(after.structuredContent.item_count).toBe(first.item_count + 1);
      expect(after.content[0].text).toMatch(new RegExp(`\\nitems: ${first.item_count + 1} \\(counted `));
      expect(after.content[0].text).toMatch(/\nread-only: .*actual-interface/);
      // A menu with nothing to print has no count, and says nothing of one.
      const system = (await describeMenu('new-lab', '/system')).structuredContent;
      expect(system.item_count).toBeUndefined();
      expect(system.read_only).toEqual([]);
    } finally {
      await simControl(fleets[1], 'POST', '/reset');
    }
  });

  it('says why a caller may not write: the device has not opted in', async () => {
    const { writes } = (await describeMenu('new-ro', 'ip/firewall/nat')).structuredContent;
    expect(writes).toMatchObject({ allowed: false, refusal: "device 'new-ro' does not allow advanced writes (allow_advanced_writes is off)" });
  });

  it('classifies every own command of a menu, and writes the service cannot model need a plan on prod', async () => {
    const system = (await describeMenu('new-lab', '/system')).structuredContent;
    const verdicts = Object.fromEntries(system.actions.map((a: { command: string; verdict: string }) => [a.command, a.verdict]));
    expect(verdicts).toMatchObject({ reboot: 'plan_only', shutdown: 'plan_only', 'reset-configuration': 'refused', ssh: 'refused' });
    // A prod device is served by a prod server only.
    const prod = await connectStdio(dataDir, { ROUTEROS_MCP_ENVIRONMENT: 'prod' }, era);
    try {
      const scheduler = (await prod.callTool('menu_describe', { device_id: 'new-prod', path: '/system/scheduler' })).structuredContent;
      expect(scheduler.writes).toMatchObject({ reach: 'unmodelled', allowed: true, plan_only: true, plan_why: expect.stringMatching(/plan_menu_changes/) });
      // The management path models WireGuard peers (the service may arrive through one): judged like NAT.
      const wireguard = (await prod.callTool('menu_describe', { device_id: 'new-prod', path: '/interface/wireguard/peers' })).structuredContent;
      expect(wireguard.writes).toMatchObject({ reach: 'modelled', allowed: true, plan_only: false });
      expect(wireguard.actions).toEqual([{ command: 'show-client-config', verdict: 'refused', why: "it shows a peer's private key" }]);
      expect((await prod.callTool('menu_describe', { device_id: 'new-prod', path: '/ip/firewall/nat' })).structuredContent.writes).toMatchObject({ reach: 'modelled', plan_only: false });
    } finally {
      await prod.close();
    }
    const lab = (await describeMenu('new-lab', '/system/scheduler')).structuredContent;
    expect(lab.writes).toMatchObject({ reach: 'unmodelled', plan_only: false });
    expect((await describeMenu('new-lab', '/system/identity')).structuredContent.writes).toMatchObject({ reach: 'none', allowed: true });
    expect((await describeMenu('new-lab', '/system/license')).structuredContent.writes).toMatchObject({ allowed: false, refusal: expect.stringMatching(/^writes here are refused/) });
  });

  it('describes each device with its own version: a menu 7.15.3 lacks is no menu there', async () => {
    expect((await describeMenu('new-lab', '/safe-mode')).structuredContent.tree_version).toBe('7.20.5');
    const failed = await client.failure('menu_describe', { device_id: 'old-lab', path: '/safe-mode' });
    expect(failed.data.mcp_error_code).toBe('INVALID_PARAMS');
    expect(failed.message).toMatch(/\/safe-mode is no menu of RouterOS 7\.15\.3; the nearest: /);
    expect((await describeMenu('old-lab', '/ip/address')).structuredContent).toMatchObject({ tree_version: '7.15.3', device_version: '7.15.3' });
  });

  it('refuses a path that is no menu with the nearest ones, and one that is no path at all, naming the argument', async () => {
    const near = await client.failure('menu_describe', { device_id: 'new-lab', path: '/ip/firewall/nta' });
    expect(near.data.mcp_error_code).toBe('INVALID_PARAMS');
    expect(near.message).toMatch(/the nearest: \/ip\/firewall\/nat/);
    for (const path of ['/ip/address;/system/reboot', '/ip/address print', '/', '']) {
      const bad = await client.failure('menu_describe', { device_id: 'new-lab', path });
      expect([path, bad.data.mcp_error_code]).toEqual([path, 'INVALID_PARAMS']);
    }
    const unknown = await client.failure('menu_describe', { device_id: 'nowhere', path: '/ip/address' });
    expect(unknown.data.mcp_error_code).toBe('NOT_FOUND');
  });
});
