import { createServer, IncomingMessage, ServerResponse } from 'node:http';
import { scriptHostOf } from '../script/script-host';
import type { AddressInfo } from 'node:net';
import type { SimDevice } from '../fleet';
import { parseFaults } from '../server/faults';
import { RestError } from '../rest/rest-error';
import type { ManagementPath } from '../model/management-path';
import { addressIn } from '../model/management-path';

function reply(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

async function json(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text.trim() ? (JSON.parse(text) as Record<string, unknown>) : {};
}

function managementPath(body: Record<string, unknown>): ManagementPath {
  const isAddress = (v: unknown) => typeof v === 'string' && addressIn(v, v);
  if (!isAddress(body['clientAddress']) || !isAddress(body['deviceAddress'])) throw new Error('management: clientAddress and deviceAddress must be IP addresses');
  for (const key of ['clientPort', 'radio']) if (body[key] !== undefined && typeof body[key] !== 'string') throw new Error(`management: ${key} must be an interface name`);
  const unknown = Object.keys(body).filter((k) => !['clientAddress', 'deviceAddress', 'clientPort', 'radio'].includes(k));
  if (unknown.length > 0) throw new Error(`management: unknown ${unknown.join(', ')} (expected clientAddress, deviceAddress, clientPort, radio)`);
  const optional = (key: string) => (typeof body[key] === 'string' ? { [key]: body[key] as string } : {});
  return { clientAddress: body['clientAddress'] as string, deviceAddress: body['deviceAddress'] as string, ...optional('clientPort'), ...optional('radio') };
}

/** A change made on the device's own console (the control API): it bypasses the management path. */
function consoleChange(device: SimDevice, body: Record<string, unknown>): unknown {
  const { action, path, id, props = {} } = body as { action?: string; path?: string; id?: string; props?: Record<string, unknown> };
  if (typeof path !== 'string' || typeof props !== 'object' || props === null) throw new Error('config: expected {"action","path","id"?,"props"?}');
  const menu = path.replace(/^\/+|\/+$/g, '');
  switch (action) {
    case 'add':
      return device.state.add(menu, props);
    case 'set':
      return id === undefined ? device.state.setSingleton(menu, props) : device.state.update(menu, id, props);
    case 'remove':
      if (typeof id !== 'string') throw new Error('config: remove needs "id"');
      device.state.remove(menu, id);
      return {};
    default:
      throw new Error('config: action must be add, set or remove');
  }
}

/**
 * Test-side control of the fleet, on its own loopback port (never a device port): read a device's state,
 * inject and clear faults, reset devices to their seed configuration.
 *   GET    /devices                      every device
 *   GET    /devices/:index/state         configuration and live state; rest_stats with the write log (`writes`)
 *   PUT    /devices/:index/faults        merge faults ({"latencyMs":20,...}; for writes: dropConnectionsAfterWrites,
 *                                        writesDoNotStick, freezeAfterWrite, see server/faults.ts)
 *   DELETE /devices/:index/faults        clear faults
 *   PUT    /devices/:index/management    where the managing service connects from and to
 *   POST   /devices/:index/config        a console change: {"action":"add|set|remove","path","id","props"}
 *   POST   /devices/:index/clock         let time pass: {"advance_seconds":600}; due scheduler entries run first
 *   POST   /devices/:index/power-on      power back on after `/system shutdown` (configuration kept, a fresh boot)
 *   POST   /devices/:index/reset         seed configuration, no faults
 *   POST   /reset                        the same for every device
 */
export async function startControlServer(devices: SimDevice[], port: number): Promise<{ port: number; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    void (async () => {
      try {
        const parts = (req.url ?? '/').split('?')[0].split('/').filter(Boolean);
        if (req.method === 'GET' && parts.length === 1 && parts[0] === 'devices') return reply(res, 200, devices.map((d) => d.describe()));
        if (req.method === 'POST' && parts.length === 1 && parts[0] === 'reset') {
          for (const d of devices) {
            d.state.reset();
            scriptHostOf(d.state)?.reset();
            d.restoreHostKey();
            d.resetStats();
            await d.clearFaults();
          }
          return reply(res, 200, { reset: devices.length });
        }
        const device = parts[0] === 'devices' ? devices[Number(parts[1])] : undefined;
        if (!device || !/^\d+$/.test(parts[1] ?? '')) return reply(res, 404, { error: 'no such device' });
        const action = `${req.method} ${parts.slice(2).join('/')}`;
        switch (action) {
          case 'GET state':
            return reply(res, 200, { ...device.describe(), frozen: device.isFrozen, uptime_seconds: device.state.uptimeSeconds(), faults: device.activeFaults, management: device.managementReport(), rest_stats: device.restStats, config: device.state.snapshot() });
          case 'PUT faults':
            await device.setFaults(parseFaults(await json(req)));
            return reply(res, 200, { faults: device.activeFaults });
          case 'DELETE faults':
            await device.clearFaults();
            return reply(res, 200, { faults: {} });
          case 'PUT management':
            device.state.setManagement(managementPath(await json(req)));
            await device.settled();
            return reply(res, 200, device.managementReport());
          case 'POST config': {
            const result = consoleChange(device, await json(req));
            await device.settled();
            return reply(res, 200, { result, management: device.managementReport() });
          }
          case 'POST clock': {
            const seconds = (await json(req))['advance_seconds'];
            if (typeof seconds !== 'number' || !Number.isInteger(seconds) || seconds < 0 || seconds > 366 * 86400) throw new Error('clock: expected {"advance_seconds": whole seconds up to a year}');
            await device.advanceClock(seconds * 1000);
            return reply(res, 200, { clock: device.state.singleton('system/clock') });
          }
          case 'POST power-on':
            device.state.powerOn();
            await device.settled();
            return reply(res, 200, { powered_on: 1 });
          case 'POST reset':
            device.state.reset();
            scriptHostOf(device.state)?.reset();
            device.restoreHostKey();
            device.resetStats();
            await device.clearFaults();
            return reply(res, 200, { reset: 1 });
          default:
            return reply(res, 404, { error: `no such control action: ${action}` });
        }
      } catch (error) {
        reply(res, 400, { error: error instanceof RestError ? error.detail ?? `status ${error.status}` : (error as Error).message });
      }
    })();
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, '127.0.0.1', () => resolve()));
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
