import { RestRouterOsApi } from '@routeros-mcp/adapters-routeros-rest';
import type { DeviceTarget, Logger } from '@routeros-mcp/application-ports';
import { buildContainer, readServiceConfig, ServerServices } from '@routeros-mcp/composition';
import { menuChangePlanner } from '@routeros-mcp/domain-changes';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stopChild } from './child';
import { enrollSimLines } from './enroll-sim';
import { median, startSim } from './sim-process';
import { snapshotSettled } from './snapshot-settle';

const quiet: Logger = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined, child: () => quiet };
const round = (value: number) => +value.toFixed(3);

/** Menus a model would describe, of every shape: rule lists, singletons, deep submenus, command-only menus. */
const PATHS = ['/ip/firewall/nat', '/ip/firewall/filter', '/interface/wireguard/peers', '/ip/settings', '/system', '/routing/ospf/interface-template', '/ip/dhcp-server/lease', '/queue/simple'];

async function withDevice<T>(latencyMs: number, run: (services: ServerServices, target: DeviceTarget, api: RestRouterOsApi) => Promise<T>): Promise<T> {
  const sim = await startSim(1, ['--profile', 'chr']);
  const dataDir = join(mkdtempSync(join(tmpdir(), 'bench-menu-')), 'data');
  const line = sim.lines[0];
  try {
    await enrollSimLines(dataDir, [line], 'bench');
    const services = (await buildContainer(readServiceConfig({ env: { ROUTEROS_MCP_DATA_DIR: dataDir, ROUTEROS_MCP_LOG_LEVEL: 'error' } }))).get(ServerServices);
    await services.devices.update({ id: 'bench', via: 'bench' }, 'dev-0', { capabilities: { allow_advanced_writes: true } });
    if (latencyMs > 0) await fetch(`${sim.control}/devices/0/faults`, { method: 'PUT', body: JSON.stringify({ latencyMs }) });
    const url = new URL(line.rest_url);
    const target: DeviceTarget = { deviceId: 'direct', host: url.hostname, restPort: Number(url.port), sshPort: line.ssh_port, tlsFingerprint: line.tls_fingerprint_sha256, username: 'admin', password: 'admin' };
    const api = new RestRouterOsApi(quiet);
    try {
      return await run(services, target, api);
    } finally {
      await api.close();
      await services.close();
    }
  } finally {
    await stopChild(sim.child);
    rmSync(join(dataDir, '..'), { recursive: true, force: true });
  }
}

/**
 * menu_describe's work: the device from the registry (SQLite), its version (reported, or asked once), the menu of
 * that version's tree in memory, the safety tables. The baseline beside it is the registry read alone, which every
 * device tool pays; the goal is absolute (the issue's), so both are reported.
 */
export async function menuDescribe(samples = 4000): Promise<Record<string, unknown>> {
  return withDevice(0, async (services) => {
    const principal = { id: 'bench', via: 'bench' };
    const describe = async (i: number) => {
      const device = await services.devices.get('dev-0');
      const version = await services.menus.versionFrom(device, services.reader);
      const path = PATHS[i % PATHS.length];
      const menu = await services.menus.describe(principal, device, path, version);
      // The item count and read-only names: one print per device and menu while the count is fresh (30 s).
      await services.menus.contentsOf(device, path, version, async (p) => (await services.reader.print('dev-0', p)).data);
      return menu;
    };
    for (let i = 0; i < 200; i++) await describe(i); // the trees read, the version learned
    // Cold: the count expired, so each call prints the menu (the simulator's rows, no injected latency).
    const cold: number[] = [];
    for (let i = 0; i < 200; i++) {
      services.menus.contents.forget('dev-0', PATHS[i % PATHS.length].replace(/^\//, ''));
      const t = performance.now();
      await describe(i);
      cold.push(performance.now() - t);
    }
    const times: number[] = [];
    const registry: number[] = [];
    for (let i = 0; i < samples; i++) {
      let t = performance.now();
      await describe(i);
      times.push(performance.now() - t);
      t = performance.now();
      await services.devices.get('dev-0');
      registry.push(performance.now() - t);
    }
    return {
      name: `menu_describe from the command tree in memory, item counts fresh (${PATHS.length} menus in turn, SQLite registry)`,
      describe_p50_ms: round(median(times)),
      describe_count_expired_p50_ms: round(median(cold)),
      registry_read_p50_ms: round(median(registry)),
      goal: 'describe_p50_ms < 2',
    };
  });
}

/**
 * menu_change applied and verified through the change pipeline against the same read, write and re-read made
 * directly (as the change-pipeline bench measures system_set_identity), at an injected device latency: spaced as an
 * operator's changes are (the config snapshot after the last change settled) and back to back (each change then
 * exports the configuration before its first write, over SSH); and a write
 * to a menu the management path does not model (safe mode, new TLS and SSH connections), against the same direct
 * calls, to show what that protection costs.
 */
export async function menuChange(samples = 30, latencyMs = 10): Promise<Record<string, unknown>[]> {
  return withDevice(latencyMs, async (services, target, api) => {
    const principal = { id: 'bench', via: 'bench' };
    const viaMenu = async (path: string, values: Record<string, string>) => {
      const device = await services.devices.get('dev-0');
      const shape = await services.menus.shape(device, path, device.facts.routerosVersion);
      const result = await services.changes.run({ principal, correlationId: 'bench', environment: 'lab', deviceId: 'dev-0', tool: 'menu_change', planner: menuChangePlanner(shape), input: { operations: [{ op: 'set', values }] }, dryRun: false });
      if (result.verification.status !== 'verified') throw new Error(`menu_change not verified: ${path} ${JSON.stringify(values)} ${result.summary}`);
      return result;
    };
    const direct = async (menu: string, key: string, value: string) => {
      await api.getSingleton(target, menu);
      await api.setSingleton(target, menu, { [key]: value });
      if ((await api.getSingleton(target, menu))[key] === undefined) throw new Error('direct write did not hold');
    };
    const run = async (path: string, key: string, value: (n: number) => string) => {
      // Every write differs from the one before it (a counter), so none is a no-op.
      let n = 0;
      for (let i = 0; i < 3; i++) {
        await viaMenu(path, { [key]: value(++n) });
        await direct(path.slice(1), key, value(++n));
      }
      const spaced: number[] = [];
      const backToBack: number[] = [];
      const plain: number[] = [];
      let protection = '';
      for (let i = 0; i < samples; i++) {
        // The direct write changed the device too: settle its snapshot as an operator's pause would.
        const since = Date.now();
        await viaMenu(path, { [key]: value(++n) });
        await snapshotSettled(services, 'dev-0', since);
        let t = performance.now();
        protection = (await viaMenu(path, { [key]: value(++n) })).protection ?? '';
        spaced.push(performance.now() - t);
        t = performance.now();
        await viaMenu(path, { [key]: value(++n) });
        backToBack.push(performance.now() - t);
        await snapshotSettled(services, 'dev-0', Date.now());
        t = performance.now();
        await direct(path.slice(1), key, value(++n));
        plain.push(performance.now() - t);
      }
      return { menu: median(spaced), backToBack: median(backToBack), plain: median(plain), protection };
    };
    const identity = await run('/system/identity', 'name', (i) => `bench-${i}`);
    const settings = await run('/ip/settings', 'icmp-rate-limit', (i) => String(10 + (i % 50)));
    return [
      {
        name: `menu_change /system/identity set through the change pipeline vs direct read/write/re-read (${latencyMs} ms device latency, SQLite)`,
        menu_change_p50_ms: +identity.menu.toFixed(1), direct_p50_ms: +identity.plain.toFixed(1), ratio: +(identity.menu / identity.plain).toFixed(2), protection: identity.protection, goal: 'ratio <= 1.5',
        back_to_back_p50_ms: +identity.backToBack.toFixed(1), back_to_back_ratio: +(identity.backToBack / identity.plain).toFixed(2),
      },
      {
        name: `menu_change /ip/settings set (not modelled: safe mode, new TLS and SSH connections) vs direct read/write/re-read (${latencyMs} ms)`,
        menu_change_p50_ms: +settings.menu.toFixed(1), direct_p50_ms: +settings.plain.toFixed(1), ratio: +(settings.menu / settings.plain).toFixed(2), protection: settings.protection, goal: 'reported: the price of protection',
        back_to_back_p50_ms: +settings.backToBack.toFixed(1), back_to_back_ratio: +(settings.backToBack / settings.plain).toFixed(2),
      },
    ];
  });
}
