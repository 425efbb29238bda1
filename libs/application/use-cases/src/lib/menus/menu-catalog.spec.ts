import type { CommandTrees } from '@routeros-mcp/application-ports';
import { CommandTree } from '@routeros-mcp/domain-changes';
import { Device } from '@routeros-mcp/domain-devices';
import { InvalidArgumentError } from '@routeros-mcp/domain-kernel';
import { MenuCatalog } from './menu-catalog';

// A small tree in RouterOS's inspect form: what the catalogue reads, without a megabyte of JSON.
const cmd = (...args: string[]) => ({ _type: 'cmd', ...Object.fromEntries(args.map((a) => [a, { _type: 'arg' }])) });
const tree = (version: string) =>
  CommandTree.fromInspect(version, {
    ip: { _type: 'path', firewall: { _type: 'dir', nat: { _type: 'dir', add: cmd('chain', 'action'), set: cmd('numbers', 'chain'), print: cmd() } } },
    system: { _type: 'path', identity: { _type: 'dir', set: cmd('name'), print: cmd() }, reboot: cmd() },
  } as never);
const trees: CommandTrees = { versions: () => ['7.15.3', '7.20.5'], tree: async (v) => tree(v) };
const writer = { allow_advanced_writes: true, allow_firewall_writes: true };
const device = (capabilities: Record<string, boolean> = writer, routerosVersion?: string) =>
  Device.restore({ ...Device.create({ id: 'd1', name: 'd1', host: '192.0.2.1', environment: 'lab', capabilities }, new Date(0)).toProps(), facts: routerosVersion ? { routerosVersion } : {} } as never);

describe('MenuCatalog', () => {
  const catalog = new MenuCatalog(trees);
  const local = { id: 'os:me', via: 'stdio' };

  it("opens writes only to a role with the advanced tier, on a device that opted in to the menu's topic", async () => {
    expect((await catalog.describe(local, device(), '/ip/firewall/nat')).writes.allowed).toBe(true);
    expect((await catalog.describe({ ...local, roles: ['read_only'] }, device(), '/ip/firewall/nat')).writes).toMatchObject({ allowed: false, refusal: expect.stringMatching(/role does not open the advanced tier/) });
    expect((await catalog.describe({ ...local, roles: ['approver'] }, device(), '/ip/firewall/nat')).writes.allowed).toBe(false);
    expect((await catalog.describe({ ...local, roles: ['ops_rw'] }, device(), '/ip/firewall/nat')).writes.allowed).toBe(true);
    expect((await catalog.describe(local, device({ allow_advanced_writes: true }), '/ip/firewall/nat')).writes.refusal).toBe("device 'd1' does not allow firewall writes (allow_firewall_writes is off)");
    expect((await catalog.describe(local, device({ allow_advanced_writes: true }), '/system/identity')).writes.allowed).toBe(true);
  });

  it('describes with the nearest older tree when there is none of the device version, and says so', async () => {
    expect(await catalog.describe(local, device(writer, '7.18.2 (stable)'), '/ip/firewall/nat')).toMatchObject({ tree_version: '7.15.3', device_version: '7.18.2', tree_note: expect.stringMatching(/no tree of 7\.18\.2/) });
    expect(await catalog.describe(local, device(writer), '/system/identity')).toMatchObject({ tree_version: '7.20.5', tree_note: expect.stringMatching(/not known yet/) });
    expect((await catalog.describe(local, device(writer), '/system/identity', '7.15.3')).tree_version).toBe('7.15.3');
  });

  it("asks a device for its version once when it never reported one, and never when it did", async () => {
    const catalog = new MenuCatalog(trees);
    let asked = 0;
    const ask = async () => (asked++, '7.15.3 (stable)');
    expect(await catalog.versionOf(device(), ask)).toBe('7.15.3 (stable)');
    expect(await catalog.versionOf(device(), ask)).toBe('7.15.3 (stable)');
    expect(asked).toBe(1);
    expect(await catalog.versionOf(device(writer, '7.20.5'), ask)).toBe('7.20.5');
    expect(asked).toBe(1);
  });

  it('refuses a path that is no menu, or no path, as an invalid argument naming the nearest menus', async () => {
    await expect(catalog.describe(local, device(), '/ip/firewall/nta')).rejects.toThrow(InvalidArgumentError);
    await expect(catalog.describe(local, device(), '/ip/firewall/nta')).rejects.toThrow(/the nearest: \/ip\/firewall\/nat/);
    await expect(catalog.describe(local, device(), '/ip/nat;reboot')).rejects.toThrow(/is not a RouterOS menu path/);
    await expect(catalog.describe(local, device(), '/')).rejects.toThrow(/is no menu/);
  });
});
