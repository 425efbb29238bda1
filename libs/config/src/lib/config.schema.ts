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
    /**
     * Approval-signing keys used before the current one, comma-separated: audit checkpoints they signed still verify
     * (`audit verify`, readiness). Nothing else accepts them: approvals they signed stay void.
     */
    approvalSigningKeysPrevious: z
      .string()
      .refine((value) => value.split(',').every((key) => base64Key.safeParse(key.trim()).success), {
        message: 'must be base64 keys of exactly 32 bytes each, separated by commas',
      })
      .optional(),
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
    /**
     * Tool sets to list, comma-separated: topics (`device,dns`), tiers (`fundamental`, `advanced`, `professional`),
     * `default` (the deployment's defaults, widened by the other names) or `all`; the defaults when unset.
     */
    toolsets: z
      .string()
      .regex(/^[a-z]+(,[a-z]+)*$/, 'must be tool set names (topics, tiers, default or all) separated by commas, e.g. default,professional')
      .optional(),
    /**
     * How long plan_apply may hold its answer to stream the rollout's progress (seconds) when the client sent a
     * progress token; unset or 0: it answers at once and the plan id is the handle.
     */
    planApplyWaitS: z.coerce.number().int().min(0).max(3_600).optional(),
    /**
     * Where the operator console is reached (a plan's page is `{consoleUrl}/plans/{id}`); plan_apply sends a person
     * there. Default over HTTP: the public URL's origin + `/console`; stdio: none unless set (no console to offer).
     */
    consoleUrl: z.url({ protocol: /^https?$/, message: 'must be an absolute http(s) URL such as https://mcp.example.com/console' }).optional(),
    /** Expose only read-only tools. */
    readOnly: z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')], { message: 'must be true or false' }).default(false),
    /** Lets `routeros-mcp-admin plan approve --as NAME` approve under a name other than the OS user (shared admin hosts). */
    planApproveAsAllowed: z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')], { message: 'must be true or false' }).default(false),
    /**
     * How a 2025-era connection gets a failed tool call: `result` (default, as on 2026-07-28) an isError result
     * carrying the error taxonomy, which the model reads; `jsonrpc` the JSON-RPC error of spec 001, for clients
     * written against it.
     */
    toolErrors: z.enum(['result', 'jsonrpc'], { message: 'must be result or jsonrpc' }).default('result'),
    /** Tool calls per minute per MCP session. */
    rateLimitPerMinute: z.coerce.number().int().min(1).max(100_000).default(120),
    /** How long a second writer on a device waits for the first before CHANGE.CONFLICT (pipeline default 10 s). */
    changeLockWaitMs: z.coerce.number().int().min(0).max(600_000).optional(),
    /** When SSH safe mode is unavailable, the device-side revert fires this many seconds after arming (default 120). */
    changeRevertTimerSeconds: z.coerce.number().int().min(10).max(3_600).optional(),
    /** The device lock's lease (pipeline default 30 s): a process that died mid-change frees its device after it. */
    changeLockLeaseMs: z.coerce.number().int().min(1_000).max(600_000).optional(),
    /** Between sweeps for changes a dead process left unfinished (HTTP server; default: the lock's lease). */
    changeRecoveryIntervalMs: z.coerce.number().int().min(1_000).max(3_600_000).optional(),
    /** Seconds between the HTTP server's background walks of the audit chain (readiness's audit_chain; default 60). */
    auditVerifyIntervalS: z.coerce.number().int().min(1).max(86_400).optional(),
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

    // --- HTTP server (routeros-mcp-http); ignored by the stdio server and the admin CLI ---
    httpHost: z.string().min(1).default('127.0.0.1'),
    httpPort: z.coerce.number().int().min(0).max(65_535).default(8080),
    /** The URL clients reach the MCP endpoint at (behind a proxy: the public one); the OAuth audience. Default http(s)://host:port/mcp. */
    httpPublicUrl: z.string().url({ message: 'must be an absolute URL such as https://mcp.example.com/mcp' }).optional(),
    /** Host names accepted in the Host header (DNS rebinding), comma-separated; default the public URL's host, or localhost names on loopback. */
    httpAllowedHosts: z.string().regex(/^[^,\s]+(,[^,\s]+)*$/, 'must be host names separated by commas').optional(),
    /** Browser origins allowed by CORS and the Origin check, comma-separated; none by default. */
    httpAllowedOrigins: z.string().regex(/^[^,\s]+(,[^,\s]+)*$/, 'must be origins (scheme://host[:port]) separated by commas').optional(),
    /** PEM certificate and key files: serve HTTPS directly instead of behind a TLS-terminating proxy. */
    httpTlsCert: z.string().min(1).optional(),
    httpTlsKey: z.string().min(1).optional(),
    /** Proxies (addresses or CIDR prefixes, comma-separated) whose X-Forwarded-For/-Proto are believed. */
    httpTrustedProxies: z.string().regex(/^[^,\s]+(,[^,\s]+)*$/, 'must be addresses or prefixes separated by commas').optional(),
    httpMaxBodyBytes: z.coerce.number().int().min(1024).max(104_857_600).default(10 * 1024 * 1024),
    /** Tool calls executing at once in this process (more wait their turn). */
    httpMaxConcurrentCalls: z.coerce.number().int().min(1).max(1_000).default(10),
    /** Open subscriptions/listen streams per process. */
    httpMaxListenStreams: z.coerce.number().int().min(1).max(100_000).default(1_024),
    /** SSE comment heartbeat on listen and call streams (the spec asks for 15-30 s). */
    httpHeartbeatS: z.coerce.number().int().min(1).max(300).default(20),
    /** The operator console under /console of the public origin (on by default: it serves nothing without a login). */
    httpConsole: z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')], { message: 'must be true or false' }).default(true),
    /** A listen stream whose unsent data passes this many bytes is closed (a client that cannot keep up). */
    httpListenBufferBytes: z.coerce.number().int().min(1024).max(67_108_864).default(1_048_576),
    /** SIGTERM: how long in-flight calls get to finish before they are cancelled. */
    httpShutdownGraceMs: z.coerce.number().int().min(0).max(600_000).default(30_000),
    /**
     * Prometheus metrics on a listener of their own (never the MCP endpoint's): off until a port is set (0 picks a free
     * one). Loopback by default; any other address needs the scrape token.
     */
    metricsHost: z.string().min(1).default('127.0.0.1'),
    metricsPort: z.coerce.number().int().min(0).max(65_535).optional(),
    /** A scrape must send `Authorization: Bearer <token>` (Prometheus `authorization.credentials_file`). */
    metricsToken: z.string().regex(/^[\x21-\x7e]{32,256}$/, 'must be 32-256 printable characters without spaces (e.g. from `openssl rand -hex 32`)').optional(),
    /** `oauth` (JWT or introspected bearer tokens), `tokens` (API tokens from `routeros-mcp-admin token create`), `none` (loopback only). */
    auth: z.enum(['oauth', 'tokens', 'none'], { message: 'must be one of oauth, tokens, none' }).default('tokens'),
    oauthIssuer: z.string().url({ message: 'must be the issuer URL exactly as in its tokens, e.g. https://idp.example.com/realms/ops' }).optional(),
    /** Default: the issuer's metadata (`jwks_uri`). */
    oauthJwksUri: z.string().url().optional(),
    /** The `aud` tokens must carry (RFC 8707); default the public URL. */
    oauthAudience: z.string().min(1).optional(),
    oauthAlgorithms: z.string().regex(/^[A-Za-z0-9]+(,[A-Za-z0-9]+)*$/, 'must be JWS algorithm names separated by commas').default('RS256,PS256,ES256,EdDSA'),
    oauthClockSkewS: z.coerce.number().int().min(0).max(300).default(30),
    /** RFC 7662 endpoint for opaque (non-JWT) tokens; optional. */
    oauthIntrospectionUrl: z.string().url().optional(),
    oauthIntrospectionClientId: z.string().min(1).optional(),
    oauthIntrospectionClientSecret: z.string().min(1).optional(),
    /** A claim holding role names (dotted path, e.g. `realm_access.roles`); unset: roles come from scopes. */
    oauthRolesClaim: z.string().regex(/^[A-Za-z0-9_:-]+(\.[A-Za-z0-9_:-]+)*$/, 'must be a claim name or dotted path').optional(),
    /** scope=role pairs, comma-separated. */
    oauthScopeRoles: z
      .string()
      .regex(/^[^=,\s]+=(read_only|ops_rw|admin|approver)(,[^=,\s]+=(read_only|ops_rw|admin|approver))*$/, 'must be scope=role pairs (roles: read_only, ops_rw, admin, approver) separated by commas')
      .default('routeros:read=read_only,routeros:write=ops_rw,routeros:admin=admin,routeros:approve=approver'),
    /** Optional claims narrowing a principal to environments and device tags (arrays or space-separated strings). */
    oauthEnvironmentsClaim: z.string().min(1).optional(),
    oauthDeviceTagsClaim: z.string().min(1).optional(),
    /**
     * The operator console's login through the MCP endpoint's issuer (ROUTEROS_MCP_OAUTH_ISSUER), as a confidential
     * client registered there with redirect URI `<console URL>/login/callback`. The secret comes from the environment
     * or a file (`_FILE`, read at start); it is never logged.
     */
    consoleOidcClientId: z.string().regex(/^[\x21-\x7e]{1,255}$/, 'must be the client id registered at the issuer').optional(),
    consoleOidcClientSecret: z.string().min(1).optional(),
    consoleOidcClientSecretFile: z.string().min(1).optional(),
    /** Scopes the console asks for: `openid` and whatever carries the claims the role mapping reads. */
    consoleOidcScopes: z
      .string()
      .regex(/^[\x21\x23-\x5b\x5d-\x7e]+( [\x21\x23-\x5b\x5d-\x7e]+)*$/, 'must be scopes separated by single spaces')
      .refine((s) => s.split(' ').includes('openid'), { message: "must include 'openid'" })
      .default('openid profile'),
    /** The name on the console's sign-in button ("Sign in with …"); default the issuer's host name. */
    consoleOidcProviderName: z.string().min(1).max(60).optional(),
    /** Tool calls per minute per principal and tier, shared by every replica (PostgreSQL) or per process (SQLite). */
    rateLimitFundamentalPerMinute: z.coerce.number().int().min(1).max(1_000_000).default(600),
    rateLimitAdvancedPerMinute: z.coerce.number().int().min(1).max(1_000_000).default(60),
    rateLimitProfessionalPerMinute: z.coerce.number().int().min(1).max(1_000_000).default(20),
  })
  .strict()
  .refine((c) => !(c.masterKey && c.approvalSigningKey && c.masterKey === c.approvalSigningKey), {
    message: 'must differ from ROUTEROS_MCP_MASTER_KEY: approvals are signed with a key of their own',
    path: ['approvalSigningKey'],
  })
  .refine((c) => !c.httpTlsCert === !c.httpTlsKey, { message: 'set both ROUTEROS_MCP_HTTP_TLS_CERT and ROUTEROS_MCP_HTTP_TLS_KEY, or neither', path: ['httpTlsCert'] })
  .refine((c) => c.metricsPort === undefined || c.metricsPort === 0 || c.metricsPort !== c.httpPort, { message: 'must differ from ROUTEROS_MCP_HTTP_PORT: metrics have a listener of their own', path: ['metricsPort'] })
  .refine((c) => !c.metricsToken || c.metricsPort !== undefined, { message: 'is set but metrics are off: set ROUTEROS_MCP_METRICS_PORT too', path: ['metricsToken'] })
  .refine((c) => c.auth !== 'oauth' || !!c.oauthIssuer, { message: 'ROUTEROS_MCP_AUTH=oauth needs ROUTEROS_MCP_OAUTH_ISSUER', path: ['oauthIssuer'] })
  .refine((c) => !c.oauthIntrospectionUrl || (!!c.oauthIntrospectionClientId && !!c.oauthIntrospectionClientSecret), {
    message: 'token introspection needs ROUTEROS_MCP_OAUTH_INTROSPECTION_CLIENT_ID and _CLIENT_SECRET',
    path: ['oauthIntrospectionUrl'],
  })
  .refine((c) => !c.consoleOidcClientId || !!c.oauthIssuer, { message: "console login through OIDC uses the MCP endpoint's issuer: set ROUTEROS_MCP_OAUTH_ISSUER", path: ['consoleOidcClientId'] })
  .refine((c) => !c.consoleOidcClientId === !(c.consoleOidcClientSecret || c.consoleOidcClientSecretFile), {
    message: 'set ROUTEROS_MCP_CONSOLE_OIDC_CLIENT_ID with ROUTEROS_MCP_CONSOLE_OIDC_CLIENT_SECRET (or _CLIENT_SECRET_FILE), or none of them',
    path: ['consoleOidcClientId'],
  })
  .refine((c) => !(c.consoleOidcClientSecret && c.consoleOidcClientSecretFile), { message: 'set ROUTEROS_MCP_CONSOLE_OIDC_CLIENT_SECRET or _CLIENT_SECRET_FILE, not both', path: ['consoleOidcClientSecret'] });

export type Config = z.infer<typeof ConfigSchema>;

/** Settings whose values are secrets: never printed, logged or echoed in errors. */
export const SECRET_KEYS: ReadonlySet<keyof Config> = new Set(['masterKey', 'approvalSigningKey', 'approvalSigningKeysPrevious', 'databaseUrl', 'oauthIntrospectionClientSecret', 'metricsToken', 'consoleOidcClientSecret']);
