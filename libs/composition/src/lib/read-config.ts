import { Config, ConfigError, envName, loadConfig } from '@routeros-mcp/config';
import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';

/**
 * Reads the service configuration: defaults < config file (`--config` or ROUTEROS_MCP_CONFIG, YAML or JSON)
 * < environment < flags. Throws ConfigError naming each bad key.
 */
export function readServiceConfig(
  options: { flags?: Record<string, unknown>; configFile?: string; env?: NodeJS.ProcessEnv; defaults?: Record<string, unknown> } = {},
): Config {
  const env = options.env ?? process.env;
  const path = options.configFile ?? env[envName('config')];
  let file: Record<string, unknown> | undefined;
  if (path) {
    let text: string;
    try {
      text = readFileSync(path, 'utf8');
    } catch (error) {
      throw new ConfigError([`config file ${path}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'does not exist' : (error as Error).message}`]);
    }
    try {
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- the YAML parser loads only when a file is given
      const { parse } = require('yaml') as typeof import('yaml');
      file = (parse(text) ?? {}) as Record<string, unknown>;
    } catch (error) {
      throw new ConfigError([`config file ${path}: not valid YAML or JSON (${(error as Error).message.split('\n')[0]})`]);
    }
  }
  return loadConfig({ file, env, flags: options.flags, defaults: options.defaults, homeDir: homedir() });
}
