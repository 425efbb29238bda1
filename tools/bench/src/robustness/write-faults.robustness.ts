import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { FAULTS } from './faults.robustness';
import { DEVICE } from './fuzz-requests';
import { SimFleet } from './sim-fleet';
import { SERVER_MAIN } from './stdio-process';

/** Each device request (REST or SSH) is bounded at this; a whole write makes many of them. */
const REQUEST_BOUND_MS = 1500;
/** A whole write call (reads, safe mode, writes, verification, undo) must end within this, whatever the device does. */
export const WRITE_BOUND_MS = 45_000;
/** How long a change left `needs_attention` or `revert_pending` may take to settle once the device answers again. */
const SETTLE_MS = 90_000;
/** An interface the service does not reach the device through (the home profile's management port is ether2). */
const INTERFACE = 'ether3';
export const WRITE_CAPABILITIES = { allow_advanced_writes: true, allow_firewall_writes: true };

/** The faults of the read matrix, and the ones that bite only a write. */
export const WRITE_FAULTS: Record<string, Record<string, unknown>> = {
  ...FAULTS,
  dropConnectionsAfterWrites: { dropConnectionsAfterWrites: 1 },
  writesDoNotStick: { writesDoNotStick: true },
  freezeAfterWrite: { freezeAfterWrite: true },
};

type Config = Record<string, Record<string, string>[]>;

/** A write path: what it calls under the fault (after `prepare`, fault-free), and whether the device holds its result. */
interface WritePath {
  name: string;
  prepare?(client: Client, n: number): Promise<Record<string, unknown>>;
  call(n: number, prepared: Record<string, unknown>): [string, Record<string, unknown>];
  holds(config: Config, n: number): boolean;
}

const commentOf = (config: Config) => config['interface/ethernet']?.find((r) => r['name'] === INTERFACE)?.['comment'] ?? '';

export const WRITE_PATHS: WritePath[] = [
  {
    name: 'specific tool (interface_set_comment)',
    call: (n) => ['interface_set_comment', { device_id: DEVICE, interface: INTERFACE, comment: `fault ${n}` }],
    holds: (config, n) => commentOf(config) === `fault ${n}`,
  },
  {
    name: 'menu tool (menu_change)',
    call: (n) => ['menu_change', { device_id: DEVICE, path: '/ip/firewall/address-list', operations: [{ op: 'add', values: { list: 'mcp-fault', address: `192.0.2.${n}` } }] }],
    holds: (config, n) => (config['ip/firewall/address-list'] ?? []).some((r) => r['address'] === `192.0.2.${n}`),
  },
  {
    name: 'revert (change_revert)',
    async prepare(client, n) {
      const applied = await client.callTool({ name: 'interface_set_comment', arguments: { device_id: DEVICE, interface: INTERFACE, comment: `before revert ${n}` } });
      const changeId = (applied.structuredContent as { change_id?: string } | undefined)?.change_id;
      if (applied.isError || !changeId) throw new Error(`the change to revert was not made: ${JSON.stringify(applied.content)}`);
      return { change_id: changeId };
    },
    call: (_n, prepared) => ['change_revert', { change_id: prepared['change_id'] }],
    // The revert's result: the interface back to the seed's (empty) comment.
    holds: (config) => commentOf(config) === '',
  },
];

export interface WriteFaultCall {
  fault: string;
  path: string;
  /** What the call said: applied, or the failed change's end state (unchanged, reverted, revert_pending, needs_attention), or refused (no change made). */
  claimed: string;
  /** needs_attention and revert_pending once settled (the change's status then), else as claimed. */
  settled: string;
  code: string;
  /** How an applied change was protected (safe_mode, revert_timer…). */
  protection?: string;
  holds: boolean;
  truthful: boolean;
  elapsed_ms: number;
  within: boolean;
}

interface CallAnswer {
  isError?: boolean;
  structuredContent?: { change_id?: string | null; protection?: string; verification?: { status?: string }; error?: { mcp_error_code?: string; end_state?: string; change_id?: string } };
  content?: { text?: string }[];
}

async function connect(dataDir: string): Promise<Client> {
  const client = new Client({ name: 'robustness-write-faults', version: '1' });
  const env = {
    PATH: process.env['PATH'] ?? '',
    ROUTEROS_MCP_DATA_DIR: dataDir,
    ROUTEROS_MCP_LOG_LEVEL: 'error',
    ROUTEROS_MCP_TOOLSETS: 'all',
    ROUTEROS_MCP_RATE_LIMIT_PER_MINUTE: '100000',
    ROUTEROS_MCP_DEVICE_REQUEST_TIMEOUT_MS: String(REQUEST_BOUND_MS),
    ROUTEROS_MCP_DEVICE_EXPORT_TIMEOUT_MS: String(REQUEST_BOUND_MS * 2),
    // A lock of a dead call expires soon, and changes left needs_attention are re-checked every second.
    ROUTEROS_MCP_CHANGE_LOCK_LEASE_MS: '2000',
    ROUTEROS_MCP_CHANGE_RECOVERY_INTERVAL_MS: '1000',
  };
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [SERVER_MAIN], env, stderr: 'ignore' }));
  return client;
}

/** What the answer claims about the device: `applied`, the failed change's end state, or `refused` (nothing made). */
function claimOf(answer: CallAnswer): { claimed: string; code: string; changeId?: string } {
  const s = answer.structuredContent;
  if (!answer.isError) return { claimed: s?.verification?.status === 'verified' ? 'applied' : `unverified:${s?.verification?.status ?? '?'}`, code: 'ok', changeId: s?.change_id ?? undefined };
  const error = s?.error;
  return { claimed: error?.end_state ?? 'refused', code: error?.mcp_error_code ?? 'isError', changeId: error?.change_id };
}

async function until<T>(bound: number, read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const end = Date.now() + bound;
  let value = await read();
  while (!done(value) && Date.now() < end) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    value = await read();
  }
  return value;
}

/**
 * Issue 26's device fault matrix against the write paths: under every simulator fault, a specific write tool, the
 * menu tool and a revert, each through the one change pipeline of a fresh stdio server. Each call must end within
 * WRITE_BOUND_MS, and what it says must be what the device holds once the fault is gone: applied ⇒ held; unchanged,
 * reverted or refused ⇒ not held; revert_pending ⇒ not held once the device's timer fired; needs_attention is re-checked
 * by the server when the device answers again, and its settled status must then agree with the device.
 * `only` narrows the faults (CI's bounded run); plan steps and rollbacks are the rollout-kill spec's, not this matrix's.
 */
export async function runWriteFaults(fleet: SimFleet, only?: readonly string[]): Promise<WriteFaultCall[]> {
  const calls: WriteFaultCall[] = [];
  const config = async () => ((await fleet.control('GET', '/devices/0/state'))['config'] as Config);
  let n = 0;
  for (const [fault, body] of Object.entries(WRITE_FAULTS).filter(([f]) => !only || only.includes(f))) {
    // A fresh server per call: the circuit a fault opened belongs to the process that met it.
    for (const path of WRITE_PATHS) {
      const client = await connect(fleet.dataDir);
      try {
        n++;
        await fleet.control('POST', '/devices/0/reset');
        const prepared = (await path.prepare?.(client, n)) ?? {};
        const [tool, args] = path.call(n, prepared);
        await fleet.control('PUT', '/devices/0/faults', body);
        const started = performance.now();
        let answer: CallAnswer;
        try {
          answer = (await client.callTool({ name: tool, arguments: args }, undefined, { timeout: WRITE_BOUND_MS * 2 })) as CallAnswer;
        } catch (error) {
          answer = { isError: true, structuredContent: { error: { mcp_error_code: `rpc:${(error as { code?: number }).code ?? (error as Error).message}` } } };
        }
        const elapsed = performance.now() - started;
        await fleet.control('DELETE', '/devices/0/faults');
        const { claimed, code, changeId } = claimOf(answer);
        let settled = claimed;
        if (claimed === 'needs_attention' && changeId) {
          const status = async () => String(((await client.callTool({ name: 'change_get', arguments: { change_id: changeId } })).structuredContent as { status?: string } | undefined)?.status);
          settled = await until(SETTLE_MS, status, (s) => s !== 'needs_attention');
          // Still needs_attention after the re-check: the device kept the change's after-state, which the re-check says.
          if (settled === 'needs_attention') settled = 'needs_attention(kept)';
        } else if (claimed === 'revert_pending') {
          // The device's own revert timer undoes it: wait for that, then the device must not hold it.
          await until(SETTLE_MS, config, (c) => !path.holds(c, n));
          settled = 'reverted';
        }
        const holds = path.holds(await config(), n);
        const truthful = settled === 'applied' ? holds : settled === 'needs_attention(kept)' ? holds : !holds;
        calls.push({ fault, path: path.name, claimed, settled, code, ...(answer.structuredContent?.protection ? { protection: answer.structuredContent.protection } : {}), holds, truthful, elapsed_ms: Math.round(elapsed), within: elapsed <= WRITE_BOUND_MS });
      } finally {
        await fleet.control('DELETE', '/devices/0/faults');
        await client.close();
      }
    }
  }
  return calls;
}

export function writeFaultViolations(calls: readonly WriteFaultCall[]): string[] {
  return calls.flatMap((c) => [
    ...(c.within ? [] : [`${c.fault}: ${c.path} took ${c.elapsed_ms} ms, bound ${WRITE_BOUND_MS} ms`]),
    ...(c.truthful ? [] : [`${c.fault}: ${c.path} said ${c.claimed}${c.settled !== c.claimed ? ` (settled ${c.settled})` : ''} but the device ${c.holds ? 'holds' : 'does not hold'} the change`]),
  ]);
}

/** The matrix as a table: one row per fault, one column per path, each cell `claimed→settled code ms`. */
export function writeFaultTable(calls: readonly WriteFaultCall[]): string {
  const paths = [...new Set(calls.map((c) => c.path))];
  const lines = [`| fault | ${paths.join(' | ')} |`, `|---|${paths.map(() => '---').join('|')}|`];
  for (const fault of [...new Set(calls.map((c) => c.fault))]) {
    const cells = paths.map((p) => {
      const c = calls.find((x) => x.fault === fault && x.path === p);
      return c ? `${c.claimed}${c.settled !== c.claimed ? `→${c.settled}` : ''}${c.protection ? ` (${c.protection})` : ''} ${c.code === 'ok' ? '' : `${c.code} `}${(c.elapsed_ms / 1000).toFixed(1)} s${c.truthful && c.within ? '' : ' **VIOLATION**'}` : '';
    });
    lines.push(`| ${fault} | ${cells.join(' | ')} |`);
  }
  return lines.join('\n');
}
