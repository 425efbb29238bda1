import { RestRouterOsApi } from '@routeros-mcp/adapters-routeros-rest';
import type { DeviceTarget, Logger } from '@routeros-mcp/application-ports';
import { Agent } from 'node:https';
import { stopChild } from './child';
import { bareGet, median, SimLine, startSim } from './sim-process';
const quiet: Logger = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined, child: () => quiet };

function targetOf(line: SimLine, i: number): DeviceTarget {
  const url = new URL(line.rest_url);
  return { deviceId: `bench-${i}`, host: url.hostname, restPort: Number(url.port), sshPort: line.ssh_port, tlsFingerprint: line.tls_fingerprint_sha256, username: 'admin', password: 'admin' };
}

const cpuMicros = (since: NodeJS.CpuUsage) => {
  const { user, system } = process.cpuUsage(since);
  return user + system;
};

/** The goal at a device's latency (docs/decisions/axios.md); on loopback the ratio is reported beside it, no goal. */
const GOAL_AT_2_MS = 1.2;

/**
 * Median latency of one `system/resource` read through the REST adapter (axios, pinning, limits, retries, parsing)
 * against a bare keep-alive node:https GET of the same URL, interleaved in the same run.
 */
export async function adapterLatency(samples = 1000, latencyMs = 0): Promise<Record<string, unknown>> {
  const sim = await startSim(1);
  const line = sim.lines[0];
  if (latencyMs) await fetch(`${sim.control}/devices/0/faults`, { method: 'PUT', body: JSON.stringify({ latencyMs }) });
  const api = new RestRouterOsApi(quiet);
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const target = targetOf(line, 0);
    const url = `${line.rest_url}/system/resource`;
    for (let i = 0; i < 100; i++) {
      await api.getSingleton(target, 'system/resource');
      await bareGet(agent, url);
    }
    const adapter: number[] = [];
    const bare: number[] = [];
    // This process's CPU per request (the simulator is another process): unlike wall time, a loaded machine does
    // not blur it, so a run on shared cores can still be read.
    let adapterCpu = 0;
    let bareCpu = 0;
    for (let i = 0; i < samples; i++) {
      let cpu = process.cpuUsage();
      let t = performance.now();
      await api.getSingleton(target, 'system/resource');
      adapter.push(performance.now() - t);
      adapterCpu += cpuMicros(cpu);
      cpu = process.cpuUsage();
      t = performance.now();
      await bareGet(agent, url);
      bare.push(performance.now() - t);
      bareCpu += cpuMicros(cpu);
    }
    const a = median(adapter);
    const b = median(bare);
    const ratio = +(a / b).toFixed(2);
    const goal =
      latencyMs === 2
        ? { goal: `overhead_ratio <= ${GOAL_AT_2_MS}`, goal_met: ratio <= GOAL_AT_2_MS }
        : { goal: latencyMs ? 'none (reported)' : 'none (reported beside the 2 ms row: on loopback no device time hides the client CPU)' };
    return { name: `REST adapter latency (system/resource, sequential, keep-alive, ${latencyMs ? `${latencyMs} ms device latency` : 'loopback, no added latency'})`, adapter_p50_ms: +a.toFixed(3), bare_https_p50_ms: +b.toFixed(3), overhead_ratio: ratio, ...goal, adapter_cpu_us_per_call: Math.round(adapterCpu / samples), bare_cpu_us_per_call: Math.round(bareCpu / samples) };
  } finally {
    agent.destroy();
    await api.close();
    await stopChild(sim.child);
  }
}

/** Reads across many devices at an injected latency, against the ideal time the configured concurrency allows. */
export async function adapterFanOut(devices = 200, latencyMs = 20, readsPerDevice = 3): Promise<Record<string, unknown>> {
  const { child, lines, control } = await startSim(devices, ['--profile', 'chr']);
  const globalConcurrency = 64;
  const api = new RestRouterOsApi(quiet, { globalConcurrency, perDeviceConcurrency: 3, requestTimeoutMs: 30_000 });
  try {
    await Promise.all(lines.map((_, i) => fetch(`${control}/devices/${i}/faults`, { method: 'PUT', body: JSON.stringify({ latencyMs }) })));
    const targets = lines.map(targetOf);
    // Every per-device connection up, as in a running service: the benchmark measures reads, not handshakes.
    await Promise.all(targets.flatMap((t) => Array.from({ length: 3 }, () => api.getSingleton(t, 'system/identity'))));
    const started = performance.now();
    await Promise.all(targets.flatMap((t) => Array.from({ length: readsPerDevice }, () => api.getSingleton(t, 'system/resource'))));
    const seconds = (performance.now() - started) / 1000;
    const reads = devices * readsPerDevice;
    const ideal = (Math.ceil(reads / Math.min(globalConcurrency, devices * 3)) * latencyMs) / 1000;
    return { name: `REST adapter fan-out (${devices} devices, ${latencyMs} ms injected latency, ${reads} reads, global limit ${globalConcurrency})`, seconds: +seconds.toFixed(3), ideal_seconds: +ideal.toFixed(3), ratio_to_ideal: +(seconds / ideal).toFixed(2) };
  } finally {
    await api.close();
    await stopChild(child);
  }
}
