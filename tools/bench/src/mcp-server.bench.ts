import { enrollSimLines } from './enroll-sim';
import { FLEET_FAN_OUT } from '@routeros-mcp/mcp-protocol';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stopChild } from './child';
import { BenchClient, connectEra, Era, ERAS, openingLine } from './era-clients';
import { bareGet, median, SimLine, startSim } from './sim-process';

/** BENCH_STDIO_SERVER: another build's launcher (e.g. a checkout of the previous commit) to compare against. */
const SERVER = process.env['BENCH_STDIO_SERVER'] ?? join(__dirname, '..', '..', '..', 'apps', 'stdio-server', 'bin', 'routeros-mcp.js');
/** The baseline: a bare SDK v2 one-tool stdio server (this project's dist). */
const BARE_SERVER = join(__dirname, 'bare-mcp-server.js');
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

// The read-only tier: what these benchmarks call, and what the tools/list budget is about.
const serverEnv = (dataDir: string): Record<string, string> => ({ PATH: process.env['PATH'] ?? '', ROUTEROS_MCP_DATA_DIR: dataDir, ROUTEROS_MCP_LOG_LEVEL: 'error', ROUTEROS_MCP_RATE_LIMIT_PER_MINUTE: '100000', ROUTEROS_MCP_READ_ONLY: 'true' });

/** The product's stdio server, with the client of `era`. */
const connect = (era: Era, dataDir: string): Promise<BenchClient> => connectEra(era, { command: process.execPath, args: [...NODE_ARGS, SERVER], env: serverEnv(dataDir) });
/** The bare SDK v2 one-tool server, with the client of `era`: what one MCP round trip costs by itself. */
const connectBare = (era: Era): Promise<BenchClient> => connectEra(era, { command: process.execPath, args: [BARE_SERVER], env: { PATH: process.env['PATH'] ?? '' } });

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

/** Per era: the product's server and the bare one, each with that era's client. */
async function clientsPerEra(dataDir: string): Promise<{ era: Era; server: BenchClient; bare: BenchClient }[]> {
  const clients = [];
  for (const { era } of ERAS) clients.push({ era, server: await connect(era, dataDir), bare: await connectBare(era) });
  return clients;
}

/** Estimated tokens of a tools/list answer, as the server's own budget counts them. */
const listTokens = async (client: BenchClient) => Math.ceil(JSON.stringify({ tools: (await client.listTools()).tools }).length / 4);

/**
 * system_get_overview through the stdio server, on both revisions, against the goal's baseline measured alongside:
 * one MCP round trip of a trivial tool (a bare SDK v2 server, same client) plus the same three reads the tool
 * makes, made directly and concurrently. Measured twice: with the simulator answering at once (the server's own
 * cost) and with 10 ms added to every answer, about what a RouterOS device takes to answer a REST read on a LAN.
 * One row per revision.
 */
export async function mcpOverview(samples = 300, deviceLatencyMs = 10): Promise<Record<string, unknown>[]> {
  const fleet = await fleetWithRegistry(1, 'edge'); // RouterBOARD hardware: all three menus answer
  const clients = await clientsPerEra(fleet.dataDir);
  const agent = new Agent({ keepAlive: true, maxSockets: 3 });
  try {
    const base = fleet.lines[0].rest_url;
    const runs: Record<string, () => Promise<unknown>> = {
      same: () => Promise.all(OVERVIEW_MENUS.map((menu) => bareGet(agent, `${base}/${menu}`))),
    };
    for (const { era, server, bare } of clients) {
      runs[`tool ${era}`] = () => server.callTool('system_get_overview', { device_id: 'dev-0' });
      runs[`trivial ${era}`] = () => bare.callTool('echo');
    }
    const instant = await interleaved(runs, samples);
    await fetch(`${fleet.control}/devices/0/faults`, { method: 'PUT', body: JSON.stringify({ latencyMs: deviceLatencyMs }) });
    const slow = await interleaved(runs, Math.ceil(samples / 3), 5);
    const rows = [];
    for (const { era, server } of clients) {
      const ratio = (m: Record<string, number>) => round(m[`tool ${era}`] / (m[`trivial ${era}`] + m['same']));
      rows.push({
        name: `system_get_overview over stdio, ${eraLabel(era)} (median)`,
        tool_p50_ms: round(instant[`tool ${era}`]),
        trivial_tool_round_trip_p50_ms: round(instant[`trivial ${era}`]),
        same_three_reads_p50_ms: round(instant['same']),
        ratio: ratio(instant),
        goal: 'ratio <= 1.3 (tool vs trivial round trip + the same reads)',
        [`at_${deviceLatencyMs}ms_tool_p50_ms`]: round(slow[`tool ${era}`]),
        [`at_${deviceLatencyMs}ms_same_three_reads_p50_ms`]: round(slow['same']),
        [`at_${deviceLatencyMs}ms_ratio`]: ratio(slow),
        [`at_${deviceLatencyMs}ms_goal`]: 'ratio <= 1.1',
        read_only_tools_list_estimated_tokens: await listTokens(server),
        tools_list_goal: '<= 6000',
      });
    }
    return rows;
  } finally {
    agent.destroy();
    for (const { server, bare } of clients) await Promise.all([server.close(), bare.close()]);
    await fleet.stop();
  }
}

const eraLabel = (era: Era) => {
  const row = ERAS.find((e) => e.era === era)!;
  return `${row.protocol} (${row.client})`;
};

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
 * fleet_get_health_summary over many devices at an injected latency, on both revisions, against the ideal for the
 * limits (rounds of the fan-out times the latency) and against the same reads made directly with the same fan-out.
 * One row per revision; the runs of the two revisions and the direct reads are interleaved.
 */
export async function mcpFleetHealth(devices = 200, latencyMs = 20, runs = 9): Promise<Record<string, unknown>[]> {
  const fleet = await fleetWithRegistry(devices);
  const clients: { era: Era; client: BenchClient }[] = [];
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  try {
    for (const { era } of ERAS) clients.push({ era, client: await connect(era, fleet.dataDir) });
    for (const { client } of clients) await client.callTool('fleet_get_health_summary'); // connections up
    await directFleetRead(fleet.lines, agent);
    await Promise.all(fleet.lines.map((_, i) => fetch(`${fleet.control}/devices/${i}/faults`, { method: 'PUT', body: JSON.stringify({ latencyMs }) })));
    const seconds: Record<Era, number[]> = { legacy: [], modern: [] };
    const reachable: Record<Era, number> = { legacy: 0, modern: 0 };
    const direct: number[] = [];
    for (let i = 0; i < runs; i++) {
      for (const { era, client } of clients) {
        const started = performance.now();
        const result = (await client.callTool('fleet_get_health_summary')) as { structuredContent: { reachable: number } };
        seconds[era].push((performance.now() - started) / 1000);
        reachable[era] = result.structuredContent.reachable;
      }
      direct.push(await directFleetRead(fleet.lines, agent));
    }
    const ideal = (Math.ceil(devices / FLEET_FAN_OUT) * latencyMs) / 1000;
    return clients.map(({ era }) => {
      const p50 = median(seconds[era]);
      return {
        name: `fleet_get_health_summary over ${devices} devices at ${latencyMs} ms, ${eraLabel(era)} (median of ${runs})`,
        seconds: +p50.toFixed(3),
        ideal_seconds: ideal,
        direct_same_fan_out_seconds: +median(direct).toFixed(3),
        ratio: +(p50 / ideal).toFixed(2),
        ratio_vs_direct: +(p50 / median(direct)).toFixed(2),
        goal: 'ratio <= 1.5',
        reachable: reachable[era],
      };
    });
  } finally {
    agent.destroy();
    for (const { client } of clients) await client.close();
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

/**
 * From spawn to the first answer (`initialize` on 2025-11-25, `server/discover` on 2026-07-28), against the bare
 * SDK v2 one-tool server started the same way with the same line; one row per revision, all runs interleaved.
 */
export async function mcpColdStart(runs = 5): Promise<Record<string, unknown>[]> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-cold-'));
  const env = { ROUTEROS_MCP_DATA_DIR: join(dir, 'data') };
  try {
    await timeToFirstFrame([SERVER], openingLine('legacy'), env); // the first run creates the keys
    await new Promise((resolve) => setTimeout(resolve, 2000)); // …and the migrations, after its answer
    const times: Record<string, number[]> = {};
    for (let i = 0; i < runs; i++) {
      for (const { era } of ERAS) {
        (times[`server ${era}`] ??= []).push(await timeToFirstFrame([...NODE_ARGS, SERVER], openingLine(era), env));
        (times[`bare ${era}`] ??= []).push(await timeToFirstFrame([BARE_SERVER], openingLine(era), {}));
      }
    }
    return ERAS.map(({ era }) => {
      const server = median(times[`server ${era}`]);
      const bare = median(times[`bare ${era}`]);
      return { name: `stdio cold start to the ${era === 'legacy' ? 'initialize' : 'server/discover'} answer, ${eraLabel(era)} (median of ${runs})`, server_ms: Math.round(server), bare_sdk_v2_server_ms: Math.round(bare), ratio: round(server / bare), goal: 'ratio <= 1.3' };
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * From spawn to the answer of the first real read: fleet_get_health_summary over three enrolled devices (the
 * server opens its database and the device connections on the way), with each revision's client, against a bare
 * SDK v2 server started and called the same way plus the same three reads made directly on fresh connections. One
 * row per revision, all runs interleaved.
 */
export async function mcpFirstCall(runs = 5, devices = 3): Promise<Record<string, unknown>[]> {
  const fleet = await fleetWithRegistry(devices);
  try {
    const firstAnswer = async (start: () => Promise<BenchClient>, tool: string) => {
      const started = performance.now();
      const client = await start();
      try {
        await client.callTool(tool);
        return performance.now() - started;
      } finally {
        await client.close();
      }
    };
    const freshReads = async () => {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      try {
        return (await directFleetRead(fleet.lines, agent)) * 1000;
      } finally {
        agent.destroy();
      }
    };
    await firstAnswer(() => connect('legacy', fleet.dataDir), 'fleet_get_health_summary'); // warm the disk cache
    const times: Record<string, number[]> = {};
    for (let i = 0; i < runs; i++) {
      for (const { era } of ERAS) {
        (times[`server ${era}`] ??= []).push(await firstAnswer(() => connect(era, fleet.dataDir), 'fleet_get_health_summary'));
        (times[`bare ${era}`] ??= []).push((await firstAnswer(() => connectBare(era), 'echo')) + (await freshReads()));
      }
    }
    return ERAS.map(({ era }) => {
      const server = median(times[`server ${era}`]);
      const bare = median(times[`bare ${era}`]);
      return {
        name: `stdio start to the first fleet_get_health_summary answer over ${devices} devices, ${eraLabel(era)} (median of ${runs})`,
        server_ms: Math.round(server),
        bare_start_call_and_same_reads_ms: Math.round(bare),
        ratio: round(server / bare),
        goal: 'ratio <= 2',
      };
    });
  } finally {
    await fleet.stop();
  }
}
