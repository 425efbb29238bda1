import { Config, ConfigSchema, SECRET_KEYS } from './config.schema';

export const ENV_PREFIX = 'ROUTEROS_MCP_';
type Source = Record<string, unknown>;

export interface ConfigSources {
  /** Parsed config file (YAML or JSON), if one was given. */
  file?: Source;
  env?: Record<string, string | undefined>;
  /** Command-line flags, already in camelCase. */
  flags?: Source;
  /** Used for the default data directory (`~/.routeros-mcp`). */
  homeDir: string;
  /** An app's own defaults, beneath the file, environment and flags (e.g. the CLI logs only warnings). */
  defaults?: Source;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`invalid configuration:\n  ${problems.join('\n  ')}`);
    this.name = 'ConfigError';
  }
}

export function envName(key: string): string {
  return ENV_PREFIX + key.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase();
}

const KEYS = Object.keys(ConfigSchema.shape) as (keyof Config)[];

function fromEnv(env: Record<string, string | undefined>): Source {
  const out: Source = {};
  for (const key of KEYS) {
    const value = env[envName(key)];
    if (value !== undefined && value !== '') out[key] = value;
  }
  return out;
}

function defined(source: Source | undefined): Source {
  return Object.fromEntries(Object.entries(source ?? {}).filter(([, v]) => v !== undefined));
}

function describe(key: string, value: unknown): string {
  if (SECRET_KEYS.has(key as keyof Config)) return '';
  return value === undefined ? '' : ` (got ${JSON.stringify(value)})`;
}

/** Merges defaults < file < environment < flags and validates once; every problem names its key and the expected form. */
export function loadConfig(sources: ConfigSources): Config {
  const merged: Source = {
    dataDir: `${sources.homeDir.replace(/\/+$/, '')}/.routeros-mcp`,
    environment: 'lab',
    logLevel: 'info',
    ...defined(sources.defaults),
    ...defined(sources.file),
    ...fromEnv(sources.env ?? {}),
    ...defined(sources.flags),
  };
  const parsed = ConfigSchema.safeParse(merged);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const key = String(issue.path[0] ?? '');
        const label = key ? `${envName(key)} (${key})` : 'config';
        const message = issue.code === 'unrecognized_keys' ? `unknown setting(s) ${issue.keys.join(', ')}` : issue.message;
        return `${label}: ${message}${describe(key, merged[key])}`;
      }),
    );
  }
  return parsed.data;
}

/** The configuration with secret values replaced, safe to print or log. */
export function redactConfig(config: Config): Record<string, unknown> {
  return Object.fromEntries(Object.entries(config).map(([k, v]) => [k, SECRET_KEYS.has(k as keyof Config) && v !== undefined ? '[redacted]' : v]));
}

export function sqlitePath(config: Config): string {
  return config.sqliteFile ?? `${config.dataDir}/routeros-mcp.sqlite`;
}
