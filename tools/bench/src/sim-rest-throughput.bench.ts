import { createDeviceIdentity } from '@routeros-mcp/routeros-sim';
import { join } from 'node:path';
import { startChild, stopChild } from './child';
import { load } from './load';
import { startSim } from './sim-process';

/**
 * Requests per second of GET /rest/system/resource over keep-alive HTTPS at concurrency 32 against one simulated
 * device, next to a bare node:https server answering a body of the same size with a key of the same type.
 */
export async function simRestThroughput(seconds = 5): Promise<Record<string, unknown>> {
  const sim = await startSim(1);
  const device = sim.lines[0];
  const url = `${device.rest_url}/system/resource`;
  try {
    const probe = await fetchOnce(url);
    const identity = await createDeviceIdentity('bare');
    const bare = await startChild(join(__dirname, 'bare-https-server.js'), [], { BARE_SERVER: JSON.stringify({ cert: identity.certPem, key: identity.keyPem, body: probe }) });
    try {
      await load(url, { concurrency: 32, seconds: 1, auth: 'admin:admin' }); // warm-up
      await load(bare.lines[0]['url'] as string, { concurrency: 32, seconds: 1 });
      const simulator = await load(url, { concurrency: 32, seconds, auth: 'admin:admin' });
      const baseline = await load(bare.lines[0]['url'] as string, { concurrency: 32, seconds });
      return {
        name: 'simulator REST throughput (GET /rest/system/resource, keep-alive HTTPS, concurrency 32)',
        simulator_rps: Math.round(simulator.perSecond),
        bare_https_rps: Math.round(baseline.perSecond),
        ratio_simulator_to_bare: +(simulator.perSecond / baseline.perSecond).toFixed(2),
        simulator_p50_ms: +simulator.p50Ms.toFixed(2),
        bare_p50_ms: +baseline.p50Ms.toFixed(2),
        errors: simulator.errors + baseline.errors,
      };
    } finally {
      await stopChild(bare.child);
    }
  } finally {
    await stopChild(sim.child);
  }
}

async function fetchOnce(url: string): Promise<string> {
  const { request } = await import('node:https');
  return new Promise((resolve, reject) => {
    request(url, { rejectUnauthorized: false, headers: { authorization: `Basic ${Buffer.from('admin:admin').toString('base64')}` } }, (res) => {
      let body = '';
      res.on('data', (d) => (body += d));
      res.on('end', () => resolve(body));
    })
      .on('error', reject)
      .end();
  });
}
