import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { AdminServices, buildContainer, readServiceConfig } from '@routeros-mcp/composition';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stopChild } from './child';
import { bareGet, median, SimLine, startSim } from './sim-process';

const SERVER = join(__dirname, '..', '..', '..', 'apps', 'stdio-server', 'bin', 'routeros-mcp.js');
/** Starts a simulated fleet in its own process and enrolls it into a fresh data directory. */
async function fleetWithRegistry(devices: number): Promise<{ lines: SimLine[]; control: string; dataDir: string; stop(): Promise<void> }> {
  const sim = await startSim(devices, ['--profile', 'chr']);
  const lines = sim.lines;
  const dir = mkdtempSync(join(tmpdir(), 'bench-mcp-'));
  const dataDir = join(dir, 'data');
  const admin = (await buildContainer(readServiceConfig({ env: { ROUTEROS_MCP_DATA_DIR: dataDir, ROUTEROS_MCP_LOG_LEVEL: 'error' } }))).get(AdminServices);
  try {
    for (const [i, line] of lines.entries()) {
      const url = new URL(line.rest_url);
      await admin.devices.enroll(
        { id: 'bench', via: 'admin-cli' },
        { id: `dev-${i}`, name: `dev-${i}`, host: url.hostname, restPort: url.port, sshPort: line.ssh_port, environment: 'lab', tlsFingerprint: line.tls_fingerprint_sha256, sshHostKey: line.ssh_host_key_sha256 },
        { rest: { username: 'admin', password: 'admin' }, ssh: { username: 'admin', password: 'admin' } },
      );
    }
  } finally {
    await admin.close();
  }
  return {
    lines,
    control: sim.control,
    dataDir,
    async stop() {
      await stopChild(sim.child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** BENCH_SERVER_NODE_ARGS go to the measured server's node, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile it. */
const NODE_ARGS = (process.env['BENCH_SERVER_NODE_ARGS'] ?? '').split(' ').filter(Boolean);

async function connect(dataDir: string, env: Record<string, string> = {}): Promise<Client> {
  const client = new Client({ name: 'bench', version: '1' });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [...NODE_ARGS, SERVER], env: { PATH: process.env['PATH'] ?? '', ROUTEROS_MCP_DATA_DIR: dataDir, ROUTEROS_MCP_LOG_LEVEL: 'error', ROUTEROS_MCP_RATE_LIMIT_PER_MINUTE: '100000', ...env }, stderr: 'ignore' }));
  return client;
}

/** The menus system_get_overview reads, as a client talking to the device directly would read them. */
const OVERVIEW_MENUS = ['system/resource', 'system/identity', 'system/routerboard'];

/**
 * system_get_overview through the stdio server against two baselines measured alongside: one direct keep-alive
 * REST read (the baseline) and the same three reads the tool makes, made directly and concurrently. An
 * MCP `ping` round trip shows what the stdio protocol alone costs.
 */
export async function mcpOverview(samples = 300): Promise<Record<string, unknown>> {
  const fleet = await fleetWithRegistry(1);
  const client = await connect(fleet.dataDir);
  const agent = new Agent({ keepAlive: true, maxSockets: 3 });
  try {
    const base = fleet.lines[0].rest_url;
    const overview = () => client.callTool({ name: 'system_get_overview', arguments: { device_id: 'dev-0' } });
    const sameReads = () => Promise.all(OVERVIEW_MENUS.map((menu) => bareGet(agent, `${base}/${menu}`)));
    const oneRead = () => bareGet(agent, `${base}/system/resource`);
    const ping = () => client.ping();
    const runs: [string, () => Promise<unknown>][] = [['tool', overview], ['same', sameReads], ['one', oneRead], ['ping', ping]];
    const times: Record<string, number[]> = { tool: [], same: [], one: [], ping: [] };
    for (let i = 0; i < samples + 30; i++) {
      for (const [name, run] of runs) {
        const t = performance.now();
        await run();
        if (i >= 30) times[name].push(performance.now() - t); // the first 30 warm up
      }
    }
    const { tools } = await client.listTools();
    const p50 = (name: string) => median(times[name]);
    return {
      name: 'system_get_overview via the stdio server vs direct REST (median)',
      tool_p50_ms: +p50('tool').toFixed(2),
      one_rest_read_p50_ms: +p50('one').toFixed(2),
      same_three_reads_p50_ms: +p50('same').toFixed(2),
      mcp_ping_p50_ms: +p50('ping').toFixed(2),
      ratio_vs_one_read: +(p50('tool') / p50('one')).toFixed(2),
      ratio_vs_same_reads: +(p50('tool') / p50('same')).toFixed(2),
      goal: 'ratio <= 1.3',
      tools_list_estimated_tokens: Math.ceil(JSON.stringify({ tools }).length / 4),
      tools_list_goal: '<= 6000',
    };
  } finally {
    agent.destroy();
    await client.close();
    await fleet.stop();
  }
}

/** The tool's own fan-out, under the adapter's global limit of 64. */
const FLEET_FAN_OUT = 32;

/** The same reads the tool makes, made directly from this process with the same fan-out: what the simulator allows. */
async function directFleetRead(lines: SimLine[], agent: Agent): Promise<number> {
  const started = performance.now();
  let next = 0;
  const worker = async () => {
    while (next < lines.length) await bareGet(agent, `${lines[next++].rest_url}/system/resource?.proplist=cpu-load,free-memory,total-memory,uptime,version`);
  };
  await Promise.all(Array.from({ length: FLEET_FAN_OUT }, worker));
  return (performance.now() - started) / 1000;
}

/**
 * fleet_get_health_summary over many devices at an injected latency, against the ideal for the limits
 * (rounds of the fan-out times the latency) and against the same reads made directly with the same fan-out.
 */
export async function mcpFleetHealth(devices = 200, latencyMs = 20, runs = 9): Promise<Record<string, unknown>> {
  const fleet = await fleetWithRegistry(devices);
  const client = await connect(fleet.dataDir);
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  try {
    await client.callTool({ name: 'fleet_get_health_summary', arguments: {} }); // connections up
    await directFleetRead(fleet.lines, agent);
    await Promise.all(fleet.lines.map((_, i) => fetch(`${fleet.control}/devices/${i}/faults`, { method: 'PUT', body: JSON.stringify({ latencyMs }) })));
    const seconds: number[] = [];
    const direct: number[] = [];
    let reachable = 0;
    for (let i = 0; i < runs; i++) {
      const started = performance.now();
      const result = (await client.callTool({ name: 'fleet_get_health_summary', arguments: {} })) as unknown as { structuredContent: { reachable: number } };
      seconds.push((performance.now() - started) / 1000);
      reachable = result.structuredContent.reachable;
      direct.push(await directFleetRead(fleet.lines, agent));
    }
    const ideal = (Math.ceil(devices / FLEET_FAN_OUT) * latencyMs) / 1000;
    const p50 = median(seconds);
    return {
      name: `fleet_get_health_summary over ${devices} devices at ${latencyMs} ms (median of ${runs})`,
      seconds: +p50.toFixed(3),
      ideal_seconds: ideal,
      direct_same_fan_out_seconds: +median(direct).toFixed(3),
      ratio: +(p50 / ideal).toFixed(2),
      ratio_vs_direct: +(p50 / median(direct)).toFixed(2),
      goal: 'ratio <= 1.5',
      reachable,
    };
  } finally {
    agent.destroy();
    await client.close();
    await fleet.stop();
  }
}

function timeToFirstFrame(args: string[], input: string, env: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, args, { env: { PATH: process.env['PATH'] ?? '', ...env }, stdio: ['pipe', 'pipe', 'ignore'] });
    child.stdout.once('data', () => {
      resolve(performance.now() - started);
      child.kill();
    });
    child.on('error', reject);
    child.stdin.write(input);
  });
}

/** From spawn to the initialize answer, against a bare `node -e` that answers the first line it reads. */
export async function mcpColdStart(runs = 5): Promise<Record<string, unknown>> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-cold-'));
  const init = `${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'b', version: '1' } } })}\n`;
  try {
    await timeToFirstFrame([SERVER], init, { ROUTEROS_MCP_DATA_DIR: join(dir, 'data') }); // first run migrates
    const server: number[] = [];
    const bare: number[] = [];
    for (let i = 0; i < runs; i++) {
      server.push(await timeToFirstFrame([SERVER], init, { ROUTEROS_MCP_DATA_DIR: join(dir, 'data') }));
      bare.push(await timeToFirstFrame(['-e', "process.stdin.once('data', () => process.stdout.write('{}\\n'))"], init, {}));
    }
    return { name: 'stdio cold start to the initialize answer (median)', server_ms: Math.round(median(server)), bare_node_ms: Math.round(median(bare)), ratio: +(median(server) / median(bare)).toFixed(1) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
