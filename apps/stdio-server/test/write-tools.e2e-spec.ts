import { Fleet, simControl, startFleet, tempDir } from '@routeros-mcp/testing';
import { join } from 'node:path';
import { EraClient } from './era-client';
import { connectStdio, enrollWriters } from './fleet-setup';

// The thirteen interface, address, firewall, routing and DHCP write tools end to end on both RouterOS versions:
// the SDK client over stdio, the built server, the simulated fleet as the judge of what the device holds.
const USERS = [{ name: 'admin', password: 'e2e-Pw-1', group: 'full' as const }];
const ALL_FLAGS = { allow_advanced_writes: true, allow_firewall_writes: true, allow_routing_writes: true, allow_dhcp_writes: true };
/** The simulator's mixed fleet: a home router (bridge, DHCP), an edge router (uplinks, routes, firewall), a CHR (DHCP client). */
const HOME = 0;
const EDGE = 1;
const CHR = 2;

type Rows = Record<string, string>[];

/** Values the simulator's seed rows hold that RouterOS prints as absent (and computes): an empty comment, dynamic=false. */
const SEED_ONLY: Record<string, string> = { comment: '', dynamic: 'false' };
/** Rows as the device holds them, without the ids and bookkeeping a re-added row gets anew. */
const content = (rows: Rows | undefined): Rows => (rows ?? []).map((r) => Object.fromEntries(Object.entries(r).filter(([k, v]) => !k.startsWith('.') && SEED_ONLY[k] !== v)));
const byAddress = (rows: Rows) => [...rows].sort((a, b) => (a['address'] ?? '').localeCompare(b['address'] ?? ''));

describe.each([['7.20.5'], ['7.15.3']])('the write tools on RouterOS %s', (version) => {
  const dir = tempDir('stdio-write-tools-');
  const dataDir = join(dir.path, 'data');
  let fleet: Fleet;
  let client: EraClient;
  const call = (name: string, args: Record<string, unknown>) => client.callTool(name, args);
  const state = async (index: number) => simControl(fleet, 'GET', `/devices/${index}/state`);
  const config = async (index: number): Promise<Record<string, Rows>> => (await state(index)).config;
  const rows = async (index: number, menu: string): Promise<Rows> => (await config(index))[menu] ?? [];

  /**
   * The common life of a write: a dry run shows the diff and writes nothing; the write is applied, verified and
   * recorded; the same request again answers changed:false and writes nothing. Answers the applied result.
   */
  async function dryApplyRepeat(index: number, tool: string, args: Record<string, unknown>, diff: (string | RegExp)[]): Promise<any> {
    const before = await config(index);
    const dry = await call(tool, { ...args, dry_run: true });
    expect(dry.structuredContent).toMatchObject({ changed: true, dry_run: true, change_id: null, verification: { status: 'not_run' } });
    expect(dry.structuredContent.diff).toEqual(diff.map((d) => (typeof d === 'string' ? d : expect.stringMatching(d))));
    expect(await config(index)).toEqual(before);

    const applied = await call(tool, args);
    expect(applied.structuredContent).toMatchObject({ changed: true, dry_run: false, change_id: expect.stringMatching(/^[0-9a-f-]{36}$/), verification: { status: 'verified' } });
    expect(applied.structuredContent.diff).toEqual(dry.structuredContent.diff);
    const shown = await call('change_get', { change_id: applied.structuredContent.change_id });
    expect(shown.structuredContent).toMatchObject({ status: 'verified', tool, diff: applied.structuredContent.diff });
    // The simulator's own verdict: the service still reaches the device.
    expect((await state(index)).management).toMatchObject({ rest: { verdict: 'ok' }, ssh: { verdict: 'ok' }, safe_mode_holder: null });

    const written = await config(index);
    const again = await call(tool, args);
    expect(again.structuredContent).toMatchObject({ changed: false, change_id: null, diff: [] });
    expect(await config(index)).toEqual(written);
    return applied.structuredContent;
  }

  /** change_revert of an applied change: verified, and the original marked reverted. */
  async function revert(changeId: string): Promise<any> {
    const reverted = await call('change_revert', { change_id: changeId });
    expect(reverted.structuredContent).toMatchObject({ changed: true, verification: { status: 'verified' } });
    expect((await call('change_get', { change_id: changeId })).structuredContent).toMatchObject({ status: 'reverted', reverted_by: reverted.structuredContent.change_id });
    return reverted.structuredContent;
  }

  /** A refusal: its error code (and context), and nothing written on the device. */
  async function refused(index: number, tool: string, args: Record<string, unknown>, data: Record<string, unknown>): Promise<void> {
    const before = await config(index);
    const failure = await client.failure(tool, args);
    expect(failure.data).toMatchObject(data);
    expect(await config(index)).toEqual(before);
  }

  beforeAll(async () => {
    fleet = await startFleet({ devices: 3, profile: 'mixed', version, users: USERS });
    await enrollWriters(dataDir, USERS[0], [
      { id: 'home', device: fleet.devices[HOME], environment: 'lab', capabilities: ALL_FLAGS },
      { id: 'edge', device: fleet.devices[EDGE], environment: 'lab', capabilities: ALL_FLAGS },
      { id: 'chr', device: fleet.devices[CHR], environment: 'lab', capabilities: ALL_FLAGS },
      // The advanced tier without any topic flag.
      { id: 'edge-bare', device: fleet.devices[EDGE], environment: 'lab', capabilities: { allow_advanced_writes: true } },
      // Critical with SSH unreachable (a closed port): changes are protected by a device-side revert timer.
      { id: 'edge-timer', device: fleet.devices[EDGE], environment: 'lab', capabilities: ALL_FLAGS, critical: true, sshPort: 1 },
    ]);
    // Requests time out soon enough for the fault scenarios (a frozen device answers nothing).
    client = await connectStdio(dataDir, { ROUTEROS_MCP_RATE_LIMIT_PER_MINUTE: '100000', ROUTEROS_MCP_DEVICE_REQUEST_TIMEOUT_MS: '4000' });
  });
  afterAll(async () => {
    await client?.close();
    await fleet?.stop();
    dir.remove();
  });
  afterEach(async () => {
    await simControl(fleet, 'DELETE', `/devices/${EDGE}/faults`);
    await simControl(fleet, 'POST', '/reset');
  });

  describe('addresses', () => {
    it('ip_add_address: dry run, apply, repeat; change_revert removes it', async () => {
      const before = await rows(EDGE, 'ip/address');
      const applied = await dryApplyRepeat(EDGE, 'ip_add_address', { device_id: 'edge', address: '10.200.0.1/24', interface: 'ether2', comment: 'lab net' }, ['/ip address add address=10.200.0.1/24 interface=ether2 comment="lab net"']);
      expect(applied.touched).toEqual([expect.objectContaining({ menu: 'ip/address', id: expect.stringMatching(/^\*/), after: expect.objectContaining({ address: '10.200.0.1/24', interface: 'ether2', comment: 'lab net' }) })]);
      expect(content(await rows(EDGE, 'ip/address'))).toEqual([...content(before), expect.objectContaining({ address: '10.200.0.1/24', interface: 'ether2', comment: 'lab net' })]);
      await revert(applied.change_id);
      expect(await rows(EDGE, 'ip/address')).toEqual(before);
    });

    it('ip_add_address refuses an overlapping prefix, an unknown interface and a network address', async () => {
      await refused(EDGE, 'ip_add_address', { device_id: 'edge', address: '10.100.1.9/16', interface: 'ether2' }, { mcp_error_code: 'CONFLICT', existing: '10.100.1.1/24', interface: 'vlan100-mgmt' });
      await refused(EDGE, 'ip_add_address', { device_id: 'edge', address: '10.200.0.1/24', interface: 'ether99' }, { mcp_error_code: 'NOT_FOUND', interface: 'ether99' });
      await refused(EDGE, 'ip_add_address', { device_id: 'edge', address: '10.200.0.0/24', interface: 'ether2' }, { mcp_error_code: 'VALIDATION_ERROR' });
    });

    it('ip_remove_address: dry run, apply, repeat; change_revert adds it back as it was', async () => {
      const before = await rows(EDGE, 'ip/address');
      const applied = await dryApplyRepeat(EDGE, 'ip_remove_address', { device_id: 'edge', address: '198.51.100.3/24' }, [/^\/ip address remove \*2$/]);
      expect((await rows(EDGE, 'ip/address')).map((r) => r['address'])).not.toContain('198.51.100.3/24');
      await revert(applied.change_id);
      // The simulator's seed rows carry no `network` (it is computed when read); the re-added row stores it.
      const withoutNetwork = (rs: Rows) => byAddress(content(rs)).map(({ network: _n, ...r }) => r);
      expect(withoutNetwork(await rows(EDGE, 'ip/address'))).toEqual(withoutNetwork(before));
    });

    it('ip_remove_address refuses a dynamic address and the management address', async () => {
      await refused(CHR, 'ip_remove_address', { device_id: 'chr', address: '10.0.2.15/24' }, { mcp_error_code: 'VALIDATION_ERROR', menu: 'ip/address' });
      await refused(EDGE, 'ip_remove_address', { device_id: 'edge', address: '10.100.1.1/24' }, { mcp_error_code: 'UNSAFE_OPERATION', safety_rule: 'PROTECT_MANAGEMENT_PATH' });
    });
  });

  describe('interfaces', () => {
    it('interface_set_comment: set, repeat, clear; change_revert restores the comment as it was', async () => {
      const before = await rows(EDGE, 'interface/ethernet');
      const ether2 = () => rows(EDGE, 'interface/ethernet').then((r) => r.find((i) => i['name'] === 'ether2')!);
      const set = await dryApplyRepeat(EDGE, 'interface_set_comment', { device_id: 'edge', interface: 'ether2', comment: 'to the printer' }, [/^\/interface set \*\w+ comment="to the printer"$/]);
      expect((await ether2())['comment']).toBe('to the printer');
      const cleared = await dryApplyRepeat(EDGE, 'interface_set_comment', { device_id: 'edge', interface: 'ether2', comment: '' }, [/^\/interface set \*\w+ comment=""$/]);
      expect((await ether2())['comment'] ?? '').toBe('');
      await revert(cleared.change_id);
      expect((await ether2())['comment']).toBe('to the printer');
      await revert(set.change_id);
      expect(content(await rows(EDGE, 'interface/ethernet'))).toEqual(content(before));
    });

    it('interface_set_comment on an interface without a comment (the management VLAN: harmless); change_revert leaves it without one', async () => {
      const vlan = () => rows(EDGE, 'interface/vlan').then((r) => r.find((i) => i['name'] === 'vlan100-mgmt')!);
      const before = await vlan();
      expect(before).not.toHaveProperty('comment');
      const applied = await dryApplyRepeat(EDGE, 'interface_set_comment', { device_id: 'edge', interface: 'vlan100-mgmt', comment: 'NOC "mgmt" $1' }, [/^\/interface set \*\w+ comment="NOC \\"mgmt\\" \\\$1"$/]);
      expect((await vlan())['comment']).toBe('NOC "mgmt" $1');
      // /interface has no unset: the way back is comment="", which RouterOS prints as no comment.
      expect((await call('change_get', { change_id: applied.change_id })).structuredContent.revert).toEqual([expect.stringMatching(/^\/interface set \*\w+ comment=""$/)]);
      await revert(applied.change_id);
      expect(await vlan()).toEqual(before);
    });

    it('interface_set_comment refuses an unknown interface and a dynamic one', async () => {
      await refused(EDGE, 'interface_set_comment', { device_id: 'edge', interface: 'ether99', comment: 'x' }, { mcp_error_code: 'NOT_FOUND', interface: 'ether99' });
      await refused(HOME, 'interface_set_comment', { device_id: 'home', interface: 'cap-hallway-5g', comment: 'x' }, { mcp_error_code: 'VALIDATION_ERROR', menu: 'interface' });
    });

    it('interface_set_enabled: disable, repeat; change_revert enables it again', async () => {
      const before = await rows(EDGE, 'interface/ethernet');
      const applied = await dryApplyRepeat(EDGE, 'interface_set_enabled', { device_id: 'edge', interface: 'ether5', enabled: false }, [/^\/interface set \*\w+ disabled=true$/]);
      expect((await rows(EDGE, 'interface/ethernet')).find((i) => i['name'] === 'ether5')!['disabled']).toBe('true');
      await revert(applied.change_id);
      expect(await rows(EDGE, 'interface/ethernet')).toEqual(before);
    });

    it('interface_set_enabled refuses to disable the management VLAN and an unknown interface', async () => {
      await refused(EDGE, 'interface_set_enabled', { device_id: 'edge', interface: 'vlan100-mgmt', enabled: false }, { mcp_error_code: 'UNSAFE_OPERATION', safety_rule: 'PROTECT_MANAGEMENT_PATH' });
      await refused(EDGE, 'interface_set_enabled', { device_id: 'edge', interface: 'ether99', enabled: false }, { mcp_error_code: 'NOT_FOUND' });
    });
  });

  describe('the firewall', () => {
    const filter = () => rows(EDGE, 'ip/firewall/filter');
    const comments = async () => (await filter()).map((r) => r['comment']);
    /** A hardened input chain: a final drop (added behind the tools' back). Answers its id. */
    async function dropTheRest(): Promise<string> {
      await simControl(fleet, 'POST', `/devices/${EDGE}/config`, { action: 'add', path: 'ip/firewall/filter', props: { chain: 'input', action: 'drop', comment: 'drop the rest' } });
      return (await filter()).at(-1)!['.id'];
    }

    it('firewall_update_address_list: adds and removes entries of an mcp- list; change_revert restores the list', async () => {
      const before = await rows(EDGE, 'ip/firewall/address-list');
      const applied = await dryApplyRepeat(
        EDGE,
        'firewall_update_address_list',
        { device_id: 'edge', list: 'mcp-blocklist', add: [{ address: '192.0.2.77', comment: 'scanner' }, { address: '198.18.0.0/15' }], remove: ['192.0.2.66'] },
        [/^\/ip firewall address-list remove \*2$/, '/ip firewall address-list add list=mcp-blocklist address=192.0.2.77 comment=scanner', '/ip firewall address-list add list=mcp-blocklist address=198.18.0.0/15'],
      );
      expect(applied.verdicts).toEqual(expect.arrayContaining([expect.objectContaining({ rule: 'MCP_OWNED_ADDRESS_LISTS', status: 'pass' })]));
      const list = (await rows(EDGE, 'ip/firewall/address-list')).filter((r) => r['list'] === 'mcp-blocklist');
      expect(list.map((r) => r['address']).sort()).toEqual(['192.0.2.77', '198.18.0.0/15']);
      await revert(applied.change_id);
      expect(byAddress(content(await rows(EDGE, 'ip/firewall/address-list')))).toEqual(byAddress(content(before)));
    });

    it('firewall_update_address_list adds an entry with a timeout, and it counts down as RouterOS keeps it', async () => {
      const applied = await call('firewall_update_address_list', { device_id: 'edge', list: 'mcp-temp', add: [{ address: '192.0.2.80', timeout: '1h' }] });
      expect(applied.structuredContent).toMatchObject({ changed: true, verification: { status: 'verified' } });
      expect((await rows(EDGE, 'ip/firewall/address-list')).find((r) => r['list'] === 'mcp-temp')).toMatchObject({ address: '192.0.2.80' });
      const again = await call('firewall_update_address_list', { device_id: 'edge', list: 'mcp-temp', add: [{ address: '192.0.2.80', timeout: '1h' }] });
      expect(again.structuredContent.changed).toBe(false);
    });

    it('firewall_update_address_list refuses a list not named mcp-, and a device without the firewall flag', async () => {
      await refused(EDGE, 'firewall_update_address_list', { device_id: 'edge', list: 'mgmt-allowed', add: [{ address: '192.0.2.77' }] }, { mcp_error_code: 'INVALID_PARAMS' });
      await refused(EDGE, 'firewall_update_address_list', { device_id: 'edge-bare', list: 'mcp-blocklist', add: [{ address: '192.0.2.77' }] }, { mcp_error_code: 'FORBIDDEN', safety_rule: 'TIER_CAPABILITY', required_flag: 'allow_firewall_writes' });
    });

    it('firewall_add_filter_rule: before a rule at the position the caller saw; change_revert removes it', async () => {
      const before = await filter();
      const rule = { chain: 'input', action: 'accept', protocol: 'tcp', 'dst-port': '8291', 'src-address': '10.100.0.0/16', comment: 'winbox from NOC' };
      const applied = await dryApplyRepeat(EDGE, 'firewall_add_filter_rule', { device_id: 'edge', rule, place_before: { id: '*5', position: 4 } }, [
        '/ip firewall filter add chain=input action=accept protocol=tcp src-address=10.100.0.0/16 dst-port=8291 comment="winbox from NOC" place-before=*5',
      ]);
      expect(await comments()).toEqual(['accept established', 'drop invalid', 'management from NOC', 'ICMP', 'winbox from NOC', 'blocklist', 'drop the rest from uplink A']);
      expect(applied.touched[0].after).toMatchObject({ 'dst-port': '8291' });
      await revert(applied.change_id);
      expect(await filter()).toEqual(before);
    });

    it('firewall_add_filter_rule refuses a stale position, an unknown anchor, an identical rule elsewhere, ports without a protocol, a missing flag', async () => {
      const rule = { chain: 'input', action: 'accept', protocol: 'tcp', 'dst-port': '8291' };
      await refused(EDGE, 'firewall_add_filter_rule', { device_id: 'edge', rule, place_before: { id: '*5', position: 2 } }, { mcp_error_code: 'CONFLICT', id: '*5', expected_position: 2, position: 4 });
      await refused(EDGE, 'firewall_add_filter_rule', { device_id: 'edge', rule, place_before: { id: '*99', position: 2 } }, { mcp_error_code: 'NOT_FOUND', id: '*99' });
      await refused(EDGE, 'firewall_add_filter_rule', { device_id: 'edge', rule: { chain: 'input', action: 'accept', protocol: 'icmp' }, place_before: { id: '*1', position: 0 } }, { mcp_error_code: 'CONFLICT', id: '*4', position: 3 });
      await refused(EDGE, 'firewall_add_filter_rule', { device_id: 'edge', rule: { chain: 'input', action: 'accept', 'dst-port': '8291' } }, { mcp_error_code: 'VALIDATION_ERROR' });
      await refused(EDGE, 'firewall_add_filter_rule', { device_id: 'edge-bare', rule }, { mcp_error_code: 'FORBIDDEN', required_flag: 'allow_firewall_writes' });
    });

    it('firewall_add_filter_rule refuses a drop before the management accept', async () => {
      await refused(EDGE, 'firewall_add_filter_rule', { device_id: 'edge', rule: { chain: 'input', action: 'drop', 'src-address': '10.100.0.0/16' }, place_before: { id: '*3', position: 2 } }, { mcp_error_code: 'UNSAFE_OPERATION', safety_rule: 'PROTECT_MANAGEMENT_PATH' });
    });

    it('firewall_update_filter_rule: sets and unsets properties; change_revert restores the rule', async () => {
      const before = await filter();
      const applied = await dryApplyRepeat(EDGE, 'firewall_update_filter_rule', { device_id: 'edge', id: '*4', position: 3, set: { log: true, 'log-prefix': 'icmp', comment: '' } }, [
        '/ip firewall filter set *4 log=true log-prefix=icmp',
        '/ip firewall filter unset *4 value-name=comment',
      ]);
      expect((await filter())[3]).toMatchObject({ log: 'true', 'log-prefix': 'icmp', protocol: 'icmp' });
      expect((await filter())[3]['comment']).toBeUndefined();
      expect(applied.touched[0]).toMatchObject({ id: '*4', before: expect.objectContaining({ comment: 'ICMP' }) });
      await revert(applied.change_id);
      expect(await filter()).toEqual(before);
    });

    it('firewall_update_filter_rule refuses to turn the management accept into a drop', async () => {
      // A drop on the management VLAN after its accept is harmless: the accept decides first.
      const harmless = await call('firewall_update_filter_rule', { device_id: 'edge', id: '*6', position: 5, set: { 'in-interface': 'vlan100-mgmt' }, dry_run: true });
      expect(harmless.structuredContent.verdicts).toEqual(expect.arrayContaining([expect.objectContaining({ rule: 'PROTECT_MANAGEMENT_PATH', status: 'pass' })]));
      await refused(EDGE, 'firewall_update_filter_rule', { device_id: 'edge', id: '*3', position: 2, set: { action: 'drop' } }, { mcp_error_code: 'UNSAFE_OPERATION', safety_rule: 'PROTECT_MANAGEMENT_PATH' });
    });

    it('firewall_update_filter_rule refuses a stale position and an unknown rule', async () => {
      await refused(EDGE, 'firewall_update_filter_rule', { device_id: 'edge', id: '*4', position: 4, set: { log: true } }, { mcp_error_code: 'CONFLICT', position: 3 });
      await refused(EDGE, 'firewall_update_filter_rule', { device_id: 'edge', id: '*77', position: 4, set: { log: true } }, { mcp_error_code: 'NOT_FOUND' });
    });

    it('firewall_remove_filter_rule: removes it; a repeat finds it gone; change_revert puts it back at its position', async () => {
      const before = await filter();
      const dry = await call('firewall_remove_filter_rule', { device_id: 'edge', id: '*4', position: 3, dry_run: true });
      expect(dry.structuredContent).toMatchObject({ changed: true, dry_run: true, diff: ['/ip firewall filter remove *4'] });
      expect(await filter()).toEqual(before);
      const applied = await call('firewall_remove_filter_rule', { device_id: 'edge', id: '*4', position: 3 });
      expect(applied.structuredContent).toMatchObject({ changed: true, verification: { status: 'verified' }, change_id: expect.any(String) });
      expect(await comments()).not.toContain('ICMP');
      // A rule already gone may have been removed by someone meaning something else: the caller is told to look again.
      await refused(EDGE, 'firewall_remove_filter_rule', { device_id: 'edge', id: '*4', position: 3 }, { mcp_error_code: 'NOT_FOUND', id: '*4' });
      const shown = await call('change_get', { change_id: applied.structuredContent.change_id });
      // Back before the rule that followed it, with the rule's own properties only.
      expect(shown.structuredContent.revert).toEqual(['/ip firewall filter add action=accept chain=input comment=ICMP disabled=false log=false protocol=icmp place-before=*5']);
      await revert(applied.structuredContent.change_id);
      expect(content(await filter())).toEqual(content(before));
    });

    it('firewall_remove_filter_rule refuses a stale position, and the management accept once a final drop follows it', async () => {
      await refused(EDGE, 'firewall_remove_filter_rule', { device_id: 'edge', id: '*4', position: 0 }, { mcp_error_code: 'CONFLICT', position: 3 });
      // The edge firewall ends without a drop for the management VLAN: removing its accept is harmless there.
      const harmless = await call('firewall_remove_filter_rule', { device_id: 'edge', id: '*3', position: 2, dry_run: true });
      expect(harmless.structuredContent.verdicts).toEqual(expect.arrayContaining([expect.objectContaining({ rule: 'PROTECT_MANAGEMENT_PATH', status: 'pass' })]));
      await dropTheRest();
      await refused(EDGE, 'firewall_remove_filter_rule', { device_id: 'edge', id: '*3', position: 2 }, { mcp_error_code: 'UNSAFE_OPERATION', safety_rule: 'PROTECT_MANAGEMENT_PATH' });
    });

    it('firewall_move_filter_rule: moves it, repeat at its new position; change_revert moves it back', async () => {
      const before = await filter();
      const applied = await dryApplyRepeat(EDGE, 'firewall_move_filter_rule', { device_id: 'edge', id: '*4', position: 3, place_before: { id: '*1', position: 0 } }, ['/ip firewall filter move *4 destination=*1']);
      expect(await comments()).toEqual(['ICMP', 'accept established', 'drop invalid', 'management from NOC', 'blocklist', 'drop the rest from uplink A']);
      const again = await call('firewall_move_filter_rule', { device_id: 'edge', id: '*4', position: 0, place_before: { id: '*1', position: 1 } });
      expect(again.structuredContent).toMatchObject({ changed: false });
      await revert(applied.change_id);
      expect(await filter()).toEqual(before);
      const last = await call('firewall_move_filter_rule', { device_id: 'edge', id: '*1', position: 0 });
      expect(last.structuredContent).toMatchObject({ changed: true, diff: ['/ip firewall filter move *1'], verification: { status: 'verified' } });
      expect((await comments()).at(-1)).toBe('accept established');
      await revert(last.structuredContent.change_id);
      expect(await filter()).toEqual(before);
    });

    it('firewall_move_filter_rule refuses a stale position, a rule before itself, and moving a drop above the management accept', async () => {
      await refused(EDGE, 'firewall_move_filter_rule', { device_id: 'edge', id: '*4', position: 1, place_before: { id: '*1', position: 0 } }, { mcp_error_code: 'CONFLICT', position: 3 });
      await refused(EDGE, 'firewall_move_filter_rule', { device_id: 'edge', id: '*4', position: 3, place_before: { id: '*4', position: 3 } }, { mcp_error_code: 'VALIDATION_ERROR' });
      const drop = await dropTheRest();
      await refused(EDGE, 'firewall_move_filter_rule', { device_id: 'edge', id: drop, position: 6, place_before: { id: '*1', position: 0 } }, { mcp_error_code: 'UNSAFE_OPERATION', safety_rule: 'PROTECT_MANAGEMENT_PATH' });
    });
  });

  describe('routing', () => {
    const routes = () => rows(EDGE, 'ip/route');

    it('routing_add_static_route: dry run, apply, repeat; change_revert removes it', async () => {
      const before = await routes();
      const applied = await dryApplyRepeat(EDGE, 'routing_add_static_route', { device_id: 'edge', 'dst-address': '172.16.0.0/12', gateway: '10.100.1.254', distance: 3, comment: 'lab' }, [
        '/ip route add dst-address=172.16.0.0/12 gateway=10.100.1.254 distance=3 comment=lab',
      ]);
      expect(await routes()).toEqual([...before, expect.objectContaining({ 'dst-address': '172.16.0.0/12', gateway: '10.100.1.254', distance: '3', comment: 'lab' })]);
      expect(applied.touched[0].after).toMatchObject({ 'dst-address': '172.16.0.0/12' });
      await revert(applied.change_id);
      expect(await routes()).toEqual(before);
    });

    it('routing_add_static_route refuses host bits, an unknown table or interface, and a missing flag', async () => {
      await refused(EDGE, 'routing_add_static_route', { device_id: 'edge', 'dst-address': '172.16.0.1/12', gateway: '10.100.1.254' }, { mcp_error_code: 'VALIDATION_ERROR' });
      await refused(EDGE, 'routing_add_static_route', { device_id: 'edge', 'dst-address': '172.16.0.0/12', gateway: '10.100.1.254', 'routing-table': 'nowhere' }, { mcp_error_code: 'NOT_FOUND', table: 'nowhere' });
      await refused(EDGE, 'routing_add_static_route', { device_id: 'edge', 'dst-address': '172.16.0.0/12', gateway: 'ether99' }, { mcp_error_code: 'NOT_FOUND', interface: 'ether99' });
      await refused(EDGE, 'routing_add_static_route', { device_id: 'edge-bare', 'dst-address': '172.16.0.0/12', gateway: '10.100.1.254' }, { mcp_error_code: 'FORBIDDEN', required_flag: 'allow_routing_writes' });
    });

    it('routing_remove_static_route: dry run, apply, repeat; change_revert adds it back', async () => {
      const before = await routes();
      const applied = await dryApplyRepeat(EDGE, 'routing_remove_static_route', { device_id: 'edge', 'dst-address': '0.0.0.0/0', gateway: '198.51.100.2' }, ['/ip route remove *80000001']);
      expect((await routes()).map((r) => r['comment'])).toEqual(['default via uplink A', 'internal']);
      await revert(applied.change_id);
      expect(content(await routes()).sort((a, b) => a['comment'].localeCompare(b['comment']))).toEqual(content(before).sort((a, b) => a['comment'].localeCompare(b['comment'])));
    });

    it('routing_remove_static_route refuses an ambiguous destination, a connected route and the route back to the service', async () => {
      await refused(EDGE, 'routing_remove_static_route', { device_id: 'edge', 'dst-address': '0.0.0.0/0' }, { mcp_error_code: 'VALIDATION_ERROR' });
      await refused(EDGE, 'routing_remove_static_route', { device_id: 'edge', 'dst-address': '10.100.1.0/24' }, { mcp_error_code: 'VALIDATION_ERROR', menu: 'ip/route' });
      await refused(EDGE, 'routing_remove_static_route', { device_id: 'edge', 'dst-address': '10.0.0.0/8' }, { mcp_error_code: 'UNSAFE_OPERATION', safety_rule: 'PROTECT_MANAGEMENT_PATH' });
    });
  });

  describe('DHCP', () => {
    const leases = () => rows(HOME, 'ip/dhcp-server/lease');

    it('dhcp_add_static_lease and dhcp_remove_static_lease: dry run, apply, repeat; change_revert of each', async () => {
      const before = await leases();
      const added = await dryApplyRepeat(HOME, 'dhcp_add_static_lease', { device_id: 'home', address: '192.168.88.50', 'mac-address': 'aa-bb-cc-00-00-01', server: 'defconf', comment: 'printer' }, [
        '/ip dhcp-server lease add address=192.168.88.50 mac-address=AA:BB:CC:00:00:01 server=defconf comment=printer',
      ]);
      expect(await leases()).toEqual([...before, expect.objectContaining({ address: '192.168.88.50', 'mac-address': 'AA:BB:CC:00:00:01', server: 'defconf', comment: 'printer' })]);
      const withLease = await leases();

      const removed = await dryApplyRepeat(HOME, 'dhcp_remove_static_lease', { device_id: 'home', 'mac-address': 'AA:BB:CC:00:00:01' }, [/^\/ip dhcp-server lease remove \*\w+$/]);
      expect(await leases()).toEqual(before);
      await revert(removed.change_id);
      expect(content(await leases())).toEqual(content(withLease));
      // The lease re-added by the revert has another id: the add's revert no longer finds its row.
      const moved = await client.failure('change_revert', { change_id: added.change_id });
      expect(moved.data).toMatchObject({ mcp_error_code: 'CONFLICT' });
    });

    it('dhcp_add_static_lease: change_revert removes the lease', async () => {
      const before = await leases();
      const added = await call('dhcp_add_static_lease', { device_id: 'home', address: '192.168.88.51', 'mac-address': 'AA:BB:CC:00:00:02', server: 'defconf' });
      expect(added.structuredContent).toMatchObject({ changed: true, verification: { status: 'verified' } });
      await revert(added.structuredContent.change_id);
      expect(await leases()).toEqual(before);
    });

    it('refuses an unknown server, an address leased to another client, a dynamic lease, a missing flag', async () => {
      await refused(HOME, 'dhcp_add_static_lease', { device_id: 'home', address: '192.168.88.50', 'mac-address': 'AA:BB:CC:00:00:01', server: 'nowhere' }, { mcp_error_code: 'NOT_FOUND', server: 'nowhere' });
      await refused(HOME, 'dhcp_add_static_lease', { device_id: 'home', address: '192.168.88.254', 'mac-address': 'AA:BB:CC:00:00:01', server: 'defconf' }, { mcp_error_code: 'CONFLICT', menu: 'ip/dhcp-server/lease' });
      await refused(HOME, 'dhcp_remove_static_lease', { device_id: 'home', 'mac-address': 'A4:83:E7:11:22:33' }, { mcp_error_code: 'VALIDATION_ERROR', menu: 'ip/dhcp-server/lease' });
      await refused(EDGE, 'dhcp_add_static_lease', { device_id: 'edge-bare', address: '192.168.88.50', 'mac-address': 'AA:BB:CC:00:00:01', server: 'defconf' }, { mcp_error_code: 'FORBIDDEN', required_flag: 'allow_dhcp_writes' });
    });
  });
  describe('under a device-side revert timer (no SSH for safe mode)', () => {
    const filter = () => rows(EDGE, 'ip/firewall/filter');
    const timers = async () => (await rows(EDGE, 'system/scheduler')).filter((e) => e['name'].startsWith('mcp-revert-'));

    it('removes a rule and a comment-less interface gets a comment, each verified and the timer disarmed; change_revert restores both', async () => {
      const before = await config(EDGE);
      const removed = await call('firewall_remove_filter_rule', { device_id: 'edge-timer', id: '*4', position: 3 });
      expect(removed.structuredContent).toMatchObject({ changed: true, protection: 'device_revert_timer', verification: { status: 'verified' } });
      const commented = await call('interface_set_comment', { device_id: 'edge-timer', interface: 'vlan100-mgmt', comment: 'mgmt' });
      expect(commented.structuredContent).toMatchObject({ changed: true, protection: 'device_revert_timer', verification: { status: 'verified' } });
      expect(await timers()).toEqual([]);
      await revert(commented.structuredContent.change_id);
      await revert(removed.structuredContent.change_id);
      expect(content(await filter())).toEqual(content(before['ip/firewall/filter']));
      expect(await rows(EDGE, 'interface/vlan')).toEqual(before['interface/vlan']);
      expect(await timers()).toEqual([]);
    });

    it('connections dropped right after removing a rule: the rule is written back at its position over REST, the timer removed', async () => {
      const before = await filter();
      // Write 1 arms the timer, write 2 is the removal: its answer is lost.
      await simControl(fleet, 'PUT', `/devices/${EDGE}/faults`, { dropConnectionsAfterWrites: 2 });
      const failed = await client.failure('firewall_remove_filter_rule', { device_id: 'edge-timer', id: '*4', position: 3 });
      expect(failed.data).toMatchObject({ mcp_error_code: 'DEVICE_ERROR', step: 'write', end_state: 'reverted', outcome: expect.stringContaining('the inverse written over REST') });
      expect(content(await filter())).toEqual(content(before));
      expect((await filter()).findIndex((r) => r['comment'] === 'ICMP')).toBe(3);
      expect(await timers()).toEqual([]);
    });

    it('a device frozen right after arming: the removal is not made, the entry left behind is reported, and its script puts the rule back at its position', async () => {
      const before = await filter();
      await simControl(fleet, 'PUT', `/devices/${EDGE}/faults`, { freezeAfterWrite: true });
      const failed = await client.failure('firewall_remove_filter_rule', { device_id: 'edge-timer', id: '*4', position: 3 });
      // Left to run on an unchanged device, its script would add a second copy of the rule.
      expect(failed.data).toMatchObject({ mcp_error_code: 'DEVICE_ERROR', step: 'protect', end_state: 'needs_attention', outcome: expect.stringContaining('remove it before it runs') });
      await simControl(fleet, 'DELETE', `/devices/${EDGE}/faults`);
      expect(await filter()).toEqual(before);
      expect(await timers()).toHaveLength(1);
      // Had the removal been made, the entry (the shared console grammar) puts the rule back before its old successor.
      await simControl(fleet, 'POST', `/devices/${EDGE}/config`, { action: 'remove', path: 'ip/firewall/filter', id: '*4' });
      await simControl(fleet, 'POST', `/devices/${EDGE}/clock`, { advance_seconds: 600 });
      expect(content(await filter())).toEqual(content(before));
      expect(await timers()).toEqual([]);
    });
  });
});
