import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { enrollSimLines } from './enroll-sim';
import { FLEET_FAN_OUT } from '@routeros-mcp/mcp-protocol';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stopChild } from './child';
import { bareGet, median, SimLine, startSim } from './sim-process';

const SERVER = join(__dirname, '..', '..', '..', 'apps', 'stdio-server', 'bin', 'routeros-mcp.js');
/** Starts a simulated fleet in its own process and enrolls it into a fresh data directory. */
async function fleetWithRegistry(devices: number, profile = 'chr'): Promise<{ lines: SimLine[]; control: string; dataDir: string; stop(): Promise<void> }> {
  const sim = await startSim(devices, ['--profile', profile]);
  const lines = sim.lines;
  const dir = mkdtempSync(join(tmpdir(), 'bench-mcp-'));
  const dataDir = join(dir, 'data');
  await enrollSimLines(dataDir, lines, 'bench');
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

/** Median milliseconds of each run, the runs interleaved so that machine noise falls on all of them alike. */
async function interleaved(runs: Record<string, () => Promise<unknown>>, samples: number, warmup = 30): Promise<Record<string, number>> {
  const times: Record<string, number[]> = Object.fromEntries(Object.keys(runs).map((name) => [name, []]));
  for (let i = 0; i < samples + warmup; i++) {
    for (const [name, run] of Object.entries(runs)) {
      const t = performance.now();
      await run();
      if (i >= warmup) times[name].push(performance.now() - t);
    }
  }
  return Object.fromEntries(Object.entries(times).map(([name, values]) => [name, median(values)]));
}

const round = (value: number) => +value.toFixed(2);

/**
 * system_get_overview through the stdio server against baselines measured alongside: one direct keep-alive REST
 * read (the baseline) and the same three reads the tool makes, made directly and concurrently; an MCP
 * `ping` round trip shows what the stdio protocol alone costs. Measured twice: with the simulator answering at
 * once (the server's own cost, against a read that costs a loopback round trip) and with 10 ms added to every
 * answer, about what a RouterOS device takes to answer a REST read on a LAN.
 */
export async function mcpOverview(samples = 300, deviceLatencyMs = 10): Promise<Record<string, unknown>> {
  const fleet = await fleetWithRegistry(1, 'edge'); // RouterBOARD hardware: all three menus answer
  const client = await connect(fleet.dataDir);
  const agent = new Agent({ keepAlive: true, maxSockets: 3 });
  try {
    const base = fleet.lines[0].rest_url;
    const runs = {
      tool: () => client.callTool({ name: 'system_get_overview', arguments: { device_id: 'dev-0' } }),
      same: () => Promise.all(OVERVIEW_MENUS.map((menu) => bareGet(agent, `${base}/${menu}`))),
      one: () => bareGet(agent, `${base}/system/resource`),
      ping: () => client.ping(),
    };
    const instant = await interleaved(runs, samples);
    await fetch(`${fleet.control}/devices/0/faults`, { method: 'PUT', body: JSON.stringify({ latencyMs: deviceLatencyMs }) });
    const { ping: _ping, ...deviceRuns } = runs;
    const slow = await interleaved(deviceRuns, Math.ceil(samples / 3), 5);
    const { tools } = await client.listTools();
    return {
      name: 'system_get_overview via the stdio server vs direct REST (median)',
      tool_p50_ms: round(instant['tool']),
      one_rest_read_p50_ms: round(instant['one']),
      same_three_reads_p50_ms: round(instant['same']),
      mcp_ping_p50_ms: round(instant['ping']),
      ratio_vs_one_read: round(instant['tool'] / instant['one']),
      ratio_vs_same_reads: round(instant['tool'] / instant['same']),
      [`at_${deviceLatencyMs}ms_device_tool_p50_ms`]: round(slow['tool']),
      [`at_${deviceLatencyMs}ms_device_one_read_p50_ms`]: round(slow['one']),
      [`at_${deviceLatencyMs}ms_device_same_three_reads_p50_ms`]: round(slow['same']),
      [`at_${deviceLatencyMs}ms_device_ratio_vs_one_read`]: round(slow['tool'] / slow['one']),
      [`at_${deviceLatencyMs}ms_device_ratio_vs_same_reads`]: round(slow['tool'] / slow['same']),
      goal: 'ratio <= 1.3',
      tools_list_estimated_tokens: Math.ceil(JSON.stringify({ tools }).length / 4),
      tools_list_goal: '<= 7000',
    };
  } finally {
    agent.destroy();
    await client.close();
    await fleet.stop();
  }
}

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
