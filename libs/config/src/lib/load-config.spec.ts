import { ConfigError, envName, loadConfig, redactConfig, sqlitePath } from '../index';

const key = Buffer.alloc(32, 7).toString('base64');
const otherKey = Buffer.alloc(32, 9).toString('base64');

function problems(fn: () => unknown): string[] {
  try {
    fn();
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('defaults to ~/.routeros-mcp, SQLite, lab and info', () => {
    const config = loadConfig({ homeDir: '/home/op' });
    expect(config).toEqual({ dataDir: '/home/op/.routeros-mcp', environment: 'lab', logLevel: 'info', deviceRequestTimeoutMs: 5000, deviceExportTimeoutMs: 30000, deviceConnectTimeoutMs: 5000, deviceConcurrency: 3, readOnly: false, planApproveAsAllowed: false, toolErrors: 'result', rateLimitPerMinute: 120, healthPollIntervalMs: 30000, snapshotIntervalS: 0, snapshotJitterS: 60, snapshotConcurrency: 4, snapshotRetentionCount: 200, snapshotRetentionDays: 90, snapshotBeforeChangeTimeoutS: 15,
      // The HTTP server's settings (the other apps ignore them).
      auth: 'tokens', httpHost: '127.0.0.1', httpPort: 8080, httpMaxBodyBytes: 10485760, httpMaxConcurrentCalls: 10, httpMaxListenStreams: 1024, httpHeartbeatS: 20, httpConsole: true, httpListenBufferBytes: 1048576, httpShutdownGraceMs: 30000, metricsHost: '127.0.0.1',
      oauthAlgorithms: 'RS256,PS256,ES256,EdDSA', oauthClockSkewS: 30, oauthScopeRoles: 'routeros:read=read_only,routeros:write=ops_rw,routeros:admin=admin,routeros:approve=approver',
      consoleOidcScopes: 'openid profile',
      rateLimitFundamentalPerMinute: 600, rateLimitAdvancedPerMinute: 60, rateLimitProfessionalPerMinute: 20 });
    expect(sqlitePath(config)).toBe('/home/op/.routeros-mcp/routeros-mcp.sqlite');
  });

  it('refuses HTTP settings that cannot work, naming what is missing', () => {
    expect(() => loadConfig({ homeDir: '/h', env: { ROUTEROS_MCP_AUTH: 'oauth' } })).toThrow(/ROUTEROS_MCP_AUTH=oauth needs ROUTEROS_MCP_OAUTH_ISSUER/);
    expect(() => loadConfig({ homeDir: '/h', env: { ROUTEROS_MCP_HTTP_TLS_CERT: '/c.pem' } })).toThrow(/set both ROUTEROS_MCP_HTTP_TLS_CERT and ROUTEROS_MCP_HTTP_TLS_KEY/);
    expect(() => loadConfig({ homeDir: '/h', env: { ROUTEROS_MCP_AUTH: 'basic' } })).toThrow(/ROUTEROS_MCP_AUTH \(auth\): must be one of oauth, tokens, none/);
    expect(() => loadConfig({ homeDir: '/h', env: { ROUTEROS_MCP_OAUTH_SCOPE_ROLES: 'routeros:read=superuser' } })).toThrow(/scope=role pairs/);
    expect(() => loadConfig({ homeDir: '/h', env: { ROUTEROS_MCP_OAUTH_INTROSPECTION_URL: 'https://idp/introspect' } })).toThrow(/introspection needs/);
  });

  it('layers defaults < file < env < flags', () => {
    const config = loadConfig({
      homeDir: '/h',
      file: { environment: 'staging', logLevel: 'debug', dataDir: '/file' },
      env: { ROUTEROS_MCP_ENVIRONMENT: 'prod', ROUTEROS_MCP_DATA_DIR: '/env', UNRELATED: 'x' },
      flags: { dataDir: '/flag', logLevel: undefined },
    });
    expect(config).toMatchObject({ environment: 'prod', logLevel: 'debug', dataDir: '/flag' });
  });

  it('puts an app default beneath file, env and flags', () => {
    expect(loadConfig({ homeDir: '/h', defaults: { logLevel: 'warn' } }).logLevel).toBe('warn');
    expect(loadConfig({ homeDir: '/h', defaults: { logLevel: 'warn' }, env: { ROUTEROS_MCP_LOG_LEVEL: 'debug' } }).logLevel).toBe('debug');
  });

  it('ignores empty environment variables', () => {
    expect(loadConfig({ homeDir: '/h', env: { ROUTEROS_MCP_DATABASE_URL: '' } }).databaseUrl).toBeUndefined();
  });

  it('names the variable, the problem and the expected form, for every bad value at once', () => {
    expect(
      problems(() => loadConfig({ homeDir: '/h', env: { ROUTEROS_MCP_ENVIRONMENT: 'production', ROUTEROS_MCP_LOG_LEVEL: 'loud' } })),
    ).toEqual([
      'ROUTEROS_MCP_ENVIRONMENT (environment): must be one of lab, staging, prod (got "production")',
      'ROUTEROS_MCP_LOG_LEVEL (logLevel): must be one of error, warn, info, debug (got "loud")',
    ]);
  });

  it('never echoes a secret value in an error', () => {
    const bad = 'c2VjcmV0LXRoYXQtaXMtdG9vLXNob3J0';
    const found = problems(() => loadConfig({ homeDir: '/h', env: { ROUTEROS_MCP_MASTER_KEY: bad, ROUTEROS_MCP_DATABASE_URL: 'mysql://u:hunter2@db/x' } }));
    expect(found).toEqual([
      'ROUTEROS_MCP_DATABASE_URL (databaseUrl): must be a postgres:// URL; leave it unset to use the embedded SQLite database',
      'ROUTEROS_MCP_MASTER_KEY (masterKey): must be base64 of exactly 32 bytes (e.g. from `openssl rand -base64 32`)',
    ]);
    expect(found.join()).not.toContain('hunter2');
    expect(found.join()).not.toContain(bad);
  });

  it('requires the approval-signing key to differ from the master key', () => {
    expect(problems(() => loadConfig({ homeDir: '/h', env: { ROUTEROS_MCP_MASTER_KEY: key, ROUTEROS_MCP_APPROVAL_SIGNING_KEY: key } }))[0]).toContain(
      'ROUTEROS_MCP_APPROVAL_SIGNING_KEY (approvalSigningKey): must differ from ROUTEROS_MCP_MASTER_KEY',
    );
    expect(loadConfig({ homeDir: '/h', env: { ROUTEROS_MCP_MASTER_KEY: key, ROUTEROS_MCP_APPROVAL_SIGNING_KEY: otherKey } }).masterKey).toBe(key);
  });

  it('rejects unknown settings in a config file', () => {
    expect(problems(() => loadConfig({ homeDir: '/h', file: { colour: 'blue' } }))).toEqual(['config: unknown setting(s) colour']);
  });

  it('accepts postgres URLs and redacts them when printed', () => {
    const config = loadConfig({ homeDir: '/h', env: { ROUTEROS_MCP_DATABASE_URL: 'postgres://u:pw@127.0.0.1:5432/db', ROUTEROS_MCP_MASTER_KEY: key } });
    expect(redactConfig(config)).toMatchObject({ databaseUrl: '[redacted]', masterKey: '[redacted]', environment: 'lab' });
  });

  it('reads device limits from the environment and rejects nonsense', () => {
    expect(loadConfig({ homeDir: '/h', env: { ROUTEROS_MCP_DEVICE_REQUEST_TIMEOUT_MS: '2500' } }).deviceRequestTimeoutMs).toBe(2500);
    expect(loadConfig({ homeDir: '/h', env: { ROUTEROS_MCP_DEVICE_EXPORT_TIMEOUT_MS: '90000' } }).deviceExportTimeoutMs).toBe(90000);
    expect(() => loadConfig({ homeDir: '/h', env: { ROUTEROS_MCP_DEVICE_EXPORT_TIMEOUT_MS: '-1' } })).toThrow(/ROUTEROS_MCP_DEVICE_EXPORT_TIMEOUT_MS/);
    expect(() => loadConfig({ homeDir: '/h', env: { ROUTEROS_MCP_DEVICE_CONCURRENCY: '0' } })).toThrow(/ROUTEROS_MCP_DEVICE_CONCURRENCY/);
    expect(() => loadConfig({ homeDir: '/h', env: { ROUTEROS_MCP_DEVICE_CONNECT_TIMEOUT_MS: 'soon' } })).toThrow(/ROUTEROS_MCP_DEVICE_CONNECT_TIMEOUT_MS/);
  });

  it('maps keys to environment names', () => expect(envName('approvalSigningKey')).toBe('ROUTEROS_MCP_APPROVAL_SIGNING_KEY'));
});

describe('snapshot settings', () => {
  it('are off by default and read from ROUTEROS_MCP_SNAPSHOT_*', () => {
    const config = loadConfig({ homeDir: '/home/op', env: { ROUTEROS_MCP_SNAPSHOT_INTERVAL_S: '3600', ROUTEROS_MCP_SNAPSHOT_JITTER_S: '0', ROUTEROS_MCP_SNAPSHOT_RETENTION_COUNT: '5', ROUTEROS_MCP_SNAPSHOT_RETENTION_DAYS: '7' } });
    expect(config).toMatchObject({ snapshotIntervalS: 3600, snapshotJitterS: 0, snapshotRetentionCount: 5, snapshotRetentionDays: 7 });
    expect(loadConfig({ homeDir: '/home/op' }).snapshotIntervalS).toBe(0);
  });

  it('refuse a negative interval and a retention of zero, naming the variable', () => {
    expect(() => loadConfig({ homeDir: '/home/op', env: { ROUTEROS_MCP_SNAPSHOT_INTERVAL_S: '-1', ROUTEROS_MCP_SNAPSHOT_RETENTION_COUNT: '0' } })).toThrow(
      /ROUTEROS_MCP_SNAPSHOT_INTERVAL_S \(snapshotIntervalS\)[\s\S]*ROUTEROS_MCP_SNAPSHOT_RETENTION_COUNT/,
    );
  });
});

describe('metrics settings', () => {
  const token = 'a'.repeat(64);
  it('are off until a port is set; the host defaults to loopback; the scrape token is a secret', () => {
    const off = loadConfig({ homeDir: '/h' });
    expect([off.metricsHost, off.metricsPort, off.metricsToken]).toEqual(['127.0.0.1', undefined, undefined]);
    const config = loadConfig({ homeDir: '/h', env: { ROUTEROS_MCP_METRICS_HOST: '0.0.0.0', ROUTEROS_MCP_METRICS_PORT: '9464', ROUTEROS_MCP_METRICS_TOKEN: token } });
    expect(config).toMatchObject({ metricsHost: '0.0.0.0', metricsPort: 9464, metricsToken: token });
    expect(redactConfig(config)).toMatchObject({ metricsToken: '[redacted]' });
  });

  it('refuse a short token (never echoing it), a token without a listener, and the MCP port', () => {
    const short = 'short-scrape-token';
    const found = problems(() => loadConfig({ homeDir: '/h', env: { ROUTEROS_MCP_METRICS_PORT: '9464', ROUTEROS_MCP_METRICS_TOKEN: short } }));
    expect(found).toEqual(['ROUTEROS_MCP_METRICS_TOKEN (metricsToken): must be 32-256 printable characters without spaces (e.g. from `openssl rand -hex 32`)']);
    expect(problems(() => loadConfig({ homeDir: '/h', env: { ROUTEROS_MCP_METRICS_TOKEN: token } }))).toEqual(['ROUTEROS_MCP_METRICS_TOKEN (metricsToken): is set but metrics are off: set ROUTEROS_MCP_METRICS_PORT too']);
    expect(problems(() => loadConfig({ homeDir: '/h', env: { ROUTEROS_MCP_METRICS_PORT: '8080' } }))).toEqual(['ROUTEROS_MCP_METRICS_PORT (metricsPort): must differ from ROUTEROS_MCP_HTTP_PORT: metrics have a listener of their own (got "8080")']);
    expect(loadConfig({ homeDir: '/h', env: { ROUTEROS_MCP_METRICS_PORT: '0', ROUTEROS_MCP_HTTP_PORT: '0' } }).metricsPort).toBe(0);
  });
});

describe('console OIDC settings', () => {
  const issuer = 'https://idp.example.com/realms/ops';
  it("use the MCP endpoint's issuer, ask for openid profile by default, and redact the client secret", () => {
    const config = loadConfig({ homeDir: '/h', env: { ROUTEROS_MCP_OAUTH_ISSUER: issuer, ROUTEROS_MCP_CONSOLE_OIDC_CLIENT_ID: 'console', ROUTEROS_MCP_CONSOLE_OIDC_CLIENT_SECRET: 'hunter2-console' } });
    expect(config).toMatchObject({ consoleOidcClientId: 'console', consoleOidcClientSecret: 'hunter2-console', consoleOidcScopes: 'openid profile' });
    expect(JSON.stringify(redactConfig(config))).not.toContain('hunter2-console');
  });

  it('refuse a client without an issuer or a secret, two secrets, and scopes without openid (never echoing the secret)', () => {
    expect(problems(() => loadConfig({ homeDir: '/h', env: { ROUTEROS_MCP_CONSOLE_OIDC_CLIENT_ID: 'console', ROUTEROS_MCP_CONSOLE_OIDC_CLIENT_SECRET: 'hunter2-console' } }))).toEqual([
      "ROUTEROS_MCP_CONSOLE_OIDC_CLIENT_ID (consoleOidcClientId): console login through OIDC uses the MCP endpoint's issuer: set ROUTEROS_MCP_OAUTH_ISSUER (got \"console\")",
    ]);
    expect(problems(() => loadConfig({ homeDir: '/h', env: { ROUTEROS_MCP_OAUTH_ISSUER: issuer, ROUTEROS_MCP_CONSOLE_OIDC_CLIENT_ID: 'console' } }))[0]).toContain('with ROUTEROS_MCP_CONSOLE_OIDC_CLIENT_SECRET');
    const both = problems(() => loadConfig({ homeDir: '/h', env: { ROUTEROS_MCP_OAUTH_ISSUER: issuer, ROUTEROS_MCP_CONSOLE_OIDC_CLIENT_ID: 'console', ROUTEROS_MCP_CONSOLE_OIDC_CLIENT_SECRET: 'hunter2-console', ROUTEROS_MCP_CONSOLE_OIDC_CLIENT_SECRET_FILE: '/run/secrets/console' } }));
    expect(both).toEqual(['ROUTEROS_MCP_CONSOLE_OIDC_CLIENT_SECRET (consoleOidcClientSecret): set ROUTEROS_MCP_CONSOLE_OIDC_CLIENT_SECRET or _CLIENT_SECRET_FILE, not both']);
    expect(problems(() => loadConfig({ homeDir: '/h', env: { ROUTEROS_MCP_CONSOLE_OIDC_SCOPES: 'profile email' } }))).toEqual(["ROUTEROS_MCP_CONSOLE_OIDC_SCOPES (consoleOidcScopes): must include 'openid' (got \"profile email\")"]);
  });
});
