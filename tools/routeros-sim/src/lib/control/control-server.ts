import { createServer, IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SimDevice } from '../fleet';
import { FAULT_KEYS, Faults } from '../server/faults';

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

function validFaults(body: Record<string, unknown>): Faults {
  const unknown = Object.keys(body).filter((k) => !(FAULT_KEYS as readonly string[]).includes(k));
  if (unknown.length > 0) throw new Error(`unknown fault(s): ${unknown.join(', ')}; known: ${FAULT_KEYS.join(', ')}`);
  return body as Faults;
}

/**
 * Test-side control of the fleet, on its own loopback port (never a device port): read a device's state,
 * inject and clear faults, reset devices to their seed configuration.
 *   GET    /devices                      every device
 *   GET    /devices/:index/state         configuration and live state
 *   PUT    /devices/:index/faults        merge faults ({"latencyMs":20,...})
 *   DELETE /devices/:index/faults        clear faults
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
            await d.clearFaults();
          }
          return reply(res, 200, { reset: devices.length });
        }
        const device = parts[0] === 'devices' ? devices[Number(parts[1])] : undefined;
        if (!device || !/^\d+$/.test(parts[1] ?? '')) return reply(res, 404, { error: 'no such device' });
        const action = `${req.method} ${parts.slice(2).join('/')}`;
        switch (action) {
          case 'GET state':
            return reply(res, 200, { ...device.describe(), uptime_seconds: device.state.uptimeSeconds(), faults: device.activeFaults, config: device.state.snapshot() });
          case 'PUT faults':
            await device.setFaults(validFaults(await json(req)));
            return reply(res, 200, { faults: device.activeFaults });
          case 'DELETE faults':
            await device.clearFaults();
            return reply(res, 200, { faults: {} });
          case 'POST reset':
            device.state.reset();
            await device.clearFaults();
            return reply(res, 200, { reset: 1 });
          default:
            return reply(res, 404, { error: `no such control action: ${action}` });
        }
      } catch (error) {
        reply(res, 400, { error: (error as Error).message });
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
