import { z } from 'zod';

export const LOG_LEVELS = ['error', 'warn', 'info', 'debug'] as const;

const base64Key = z
  .string()
  .refine((value) => /^[A-Za-z0-9+/]+={0,2}$/.test(value) && Buffer.from(value, 'base64').length === 32, {
    message: 'must be base64 of exactly 32 bytes (e.g. from `openssl rand -base64 32`)',
  });

/** The one schema of the service's settings. Keys are camelCase here, `ROUTEROS_MCP_<SNAKE_CASE>` in the environment. */
export const ConfigSchema = z
  .object({
    dataDir: z.string().min(1, 'must not be empty'),
    databaseUrl: z
      .string()
      .regex(/^postgres(ql)?:\/\/\S+$/, 'must be a postgres:// URL; leave it unset to use the embedded SQLite database')
      .optional(),
    sqliteFile: z.string().min(1).optional(),
    masterKey: base64Key.optional(),
    approvalSigningKey: base64Key.optional(),
    environment: z.enum(['lab', 'staging', 'prod'], { message: 'must be one of lab, staging, prod' }),
    logLevel: z.enum(LOG_LEVELS, { message: `must be one of ${LOG_LEVELS.join(', ')}` }),
    logFile: z.string().min(1).optional(),
    /** Bounds each whole device call (REST and SSH): waiting for slots, connecting, every retry. Exports excepted. */
    deviceRequestTimeoutMs: z.coerce.number().int().min(100).max(600_000).default(5_000),
    /** Bounds each whole configuration export over SSH, connecting included (large configurations take a while). */
    deviceExportTimeoutMs: z.coerce.number().int().min(100).max(600_000).default(30_000),
    /** TCP connect plus TLS or SSH handshake. */
    deviceConnectTimeoutMs: z.coerce.number().int().min(100).max(120_000).default(5_000),
    /** Requests in flight per device (RouterOS answers a few at a time). */
    deviceConcurrency: z.coerce.number().int().min(1).max(32).default(3),
    /** Tool topics to expose, comma-separated (e.g. `device,system,interface`); all when unset. */
    toolsets: z
      .string()
      .regex(/^[a-z]+(,[a-z]+)*$/, 'must be topic names separated by commas, e.g. device,system,dns')
      .optional(),
    /** Expose only read-only tools. */
    readOnly: z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')], { message: 'must be true or false' }).default(false),
    /** `jsonrpc` (spec) or `result`: failed tool calls as isError results for clients that hide JSON-RPC error data. */
    toolErrors: z.enum(['jsonrpc', 'result'], { message: 'must be jsonrpc or result' }).default('jsonrpc'),
    /** Tool calls per minute per MCP session. */
    rateLimitPerMinute: z.coerce.number().int().min(1).max(100_000).default(120),
    /** How long a second writer on a device waits for the first before CHANGE.CONFLICT (pipeline default 10 s). */
    changeLockWaitMs: z.coerce.number().int().min(0).max(600_000).optional(),
    /** When SSH safe mode is unavailable, the device-side revert fires this many seconds after arming (default 120). */
    changeRevertTimerSeconds: z.coerce.number().int().min(10).max(3_600).optional(),
    /** How often subscribed health resources are polled. */
    healthPollIntervalMs: z.coerce.number().int().min(100).max(3_600_000).default(30_000),
    /** Seconds between scheduled captures of every device's configuration; 0 turns them off. */
    snapshotIntervalS: z.coerce.number().int().min(0).max(31_536_000).default(0),
    /** Each device's capture starts up to this many seconds into a round, so devices are not exported in step. */
    snapshotJitterS: z.coerce.number().int().min(0).max(86_400).default(60),
    /** Scheduled captures running at once. */
    snapshotConcurrency: z.coerce.number().int().min(1).max(64).default(4),
    /**
     * Before a change, the device's export is captured unless a snapshot was seen within this many seconds (0: before
     * every change). Unset: the capture interval when scheduled captures are on, else one hour.
     */
    snapshotBeforeChangeMaxAgeS: z.coerce.number().int().min(0).max(31_536_000).optional(),
    /** A capture before a change is given up after this many seconds; the change goes on without it. */
    snapshotBeforeChangeTimeoutS: z.coerce.number().int().min(1).max(600).default(15),
    /** Snapshots kept per device (the newest is always kept). */
    snapshotRetentionCount: z.coerce.number().int().min(1).max(100_000).default(200),
    /** Snapshots not seen for this many days are removed (the newest is always kept). */
    snapshotRetentionDays: z.coerce.number().int().min(1).max(36_500).default(90),
  })
  .strict()
  .refine((c) => !(c.masterKey && c.approvalSigningKey && c.masterKey === c.approvalSigningKey), {
    message: 'must differ from ROUTEROS_MCP_MASTER_KEY: approvals are signed with a key of their own',
    path: ['approvalSigningKey'],
  });

export type Config = z.infer<typeof ConfigSchema>;

/** Settings whose values are secrets: never printed, logged or echoed in errors. */
export const SECRET_KEYS: ReadonlySet<keyof Config> = new Set(['masterKey', 'approvalSigningKey', 'databaseUrl']);
