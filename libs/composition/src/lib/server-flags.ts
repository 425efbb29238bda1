/** The flags both servers take for their settings (node:util parseArgs options), and their config keys. */
export const SERVER_FLAG_OPTIONS = {
  config: { type: 'string' },
  'data-dir': { type: 'string' },
  'database-url': { type: 'string' },
  environment: { type: 'string' },
  'log-level': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'v' },
} as const;

export interface ServerFlags {
  configFile?: string;
  flags: Record<string, unknown>;
  help: boolean;
  version: boolean;
}

/** Parsed flag values as settings (camelCase config keys), the config file apart. */
export function serverFlagsOf(values: { config?: string; 'data-dir'?: string; 'database-url'?: string; environment?: string; 'log-level'?: string; help?: boolean; version?: boolean }, extra: Record<string, unknown> = {}): ServerFlags {
  return {
    configFile: values.config,
    help: values.help ?? false,
    version: values.version ?? false,
    flags: { dataDir: values['data-dir'], databaseUrl: values['database-url'], environment: values.environment, logLevel: values['log-level'], ...extra },
  };
}
