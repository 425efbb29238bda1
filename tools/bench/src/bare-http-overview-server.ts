import { createHash } from 'node:crypto';
import { Agent } from 'node:https';
import type { PeerCertificate } from 'node:tls';
import { createMcpHandler, Server } from '@modelcontextprotocol/server';
import axios from 'axios';
import { z } from 'zod';
import type { SimLine } from './sim-process';
import { serveBareHttp } from './serve-bare-http';

/**
 * The HTTP baseline for system_get_overview: the SDK v2's `createMcpHandler` with one tool that does what the product's
 * does against the same simulated devices (the three singleton reads at once over keep-alive HTTPS with axios, the
 * pinned certificate checked, the input validated, the same fields shaped) and nothing else: no authentication,
 * registry, audit, rate limits or telemetry. BENCH_SIM_LINES carries the devices as the simulator printed them.
 */
const devices = (JSON.parse(process.env['BENCH_SIM_LINES'] ?? '[]') as SimLine[]).map((line) => {
  const pin = line.tls_fingerprint_sha256.replace(/^SHA256:/, '').replace(/:/g, '').toLowerCase();
  const httpsAgent = new Agent({
    keepAlive: true,
    rejectUnauthorized: false,
    // Pinned like the product: the certificate's SHA-256 must be the enrolled one.
    checkServerIdentity: (_host: string, cert: PeerCertificate) => (createHash('sha256').update(cert.raw).digest('hex') === pin ? undefined : new Error('certificate does not match its pin')),
  });
  return axios.create({ baseURL: `${line.rest_url.replace(/\/$/, '')}/`, httpsAgent, auth: { username: 'admin', password: 'admin' }, timeout: 5000 });
});
const Input = z.object({ device_id: z.string().regex(/^dev-\d+$/) }).strict();
type Row = Record<string, string>;
const num = (value: string | undefined) => (value !== undefined && /^\d+$/.test(value) ? Number(value) : null);

const handler = createMcpHandler(
  () => {
    const server = new Server({ name: 'bare-overview', version: '0.0.0' }, { capabilities: { tools: {} } });
    server.setRequestHandler('tools/list', async () => ({ tools: [{ name: 'system_get_overview', description: 'Identity, version, board, uptime, CPU load and memory.', inputSchema: { type: 'object', properties: { device_id: { type: 'string' } }, required: ['device_id'] } }] }));
    server.setRequestHandler('tools/call', async (request) => {
      const { device_id } = Input.parse(request.params.arguments ?? {});
      const device = devices[Number(device_id.slice(4))];
      if (!device) return { isError: true, content: [{ type: 'text', text: `unknown device ${device_id}` }] };
      const [resource, identity, routerboard] = await Promise.all(['system/resource', 'system/identity', 'system/routerboard'].map(async (menu) => (await device.get<Row>(menu)).data));
      const structured = {
        device_id,
        identity: identity['name'] ?? '',
        routeros_version: resource['version'] ?? '',
        board: resource['board-name'] ?? '',
        architecture: resource['architecture-name'] ?? '',
        uptime: resource['uptime'] ?? '',
        cpu_load_percent: num(resource['cpu-load']),
        cpu_count: num(resource['cpu-count']),
        memory_total_bytes: num(resource['total-memory']),
        memory_free_bytes: num(resource['free-memory']),
        serial_number: routerboard['serial-number'] ?? null,
        firmware: routerboard['current-firmware'] ?? null,
      };
      return { content: [{ type: 'text', text: Object.entries(structured).map(([k, v]) => `${k}: ${v ?? '-'}`).join('\n') }], structuredContent: structured };
    });
    return server;
  },
  { legacy: 'stateless' },
);
serveBareHttp(handler);
