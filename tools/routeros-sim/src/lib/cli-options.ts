import { parseArgs } from 'node:util';
import type { FleetOptions } from './fleet';
import type { DeviceUser } from './model/device-state';
import { PROFILES, ProfileName } from './model/profiles';

/** Extra packages a fleet can add to its profiles' own (model/container.ts). */
const EXTRA_PACKAGES = ['container'];

export const USAGE = `Usage: routeros-sim --devices N [options]

Starts N simulated RouterOS v7 devices on 127.0.0.1, prints one JSON line per device and then {"ready":true}.

  --devices N              how many devices (1-5000)
  --base-port P            first REST port; device i uses P+i (default 18443; 0 picks free ports)
  --ssh-base-port P        first SSH port; device i uses P+i (default 18022; 0 picks free ports)
  --control-port P         control API port (default 18400; 0 picks a free one)
  --version V              RouterOS version to model: 7.15.3 or 7.20.5 (default 7.20.5)
  --profile NAME           home, edge, chr, legacy-ap or mixed (default edge)
  --users LIST             name:password[:group],… with group full, write or read (default admin:admin)
  --seed N                 seed for the live counters (default 1)
  --plain-http             serve http:// instead of https:// (RouterOS www service)
  --packages LIST          extra packages on every device: container (default none)
  --request-timeout-ms MS  REST requests running longer get "Session closed" (default 60000)
`;

function int(name: string, value: string | undefined, min: number, max: number): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < min || n > max) throw new Error(`--${name}: expected a whole number from ${min} to ${max}, got '${value}'`);
  return n;
}

export function parseUsers(text: string): DeviceUser[] {
  return text.split(',').map((entry) => {
    const [name, password, group = 'full'] = entry.split(':');
    if (!name || password === undefined || !['full', 'write', 'read'].includes(group)) {
      throw new Error(`--users: '${entry}' is not name:password[:full|write|read]`);
    }
    return { name, password, group: group as DeviceUser['group'] };
  });
}

export function parseCliOptions(argv: string[]): FleetOptions | 'help' {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    options: {
      devices: { type: 'string' },
      'base-port': { type: 'string' },
      'control-port': { type: 'string' },
      'ssh-base-port': { type: 'string' },
      version: { type: 'string' },
      profile: { type: 'string' },
      users: { type: 'string' },
      seed: { type: 'string' },
      'plain-http': { type: 'boolean' },
      packages: { type: 'string' },
      'request-timeout-ms': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) return 'help';
  const devices = int('devices', values.devices, 1, 5000);
  if (devices === undefined) throw new Error('--devices is required');
  const profile = values.profile ?? 'edge';
  if (profile !== 'mixed' && !(PROFILES as readonly string[]).includes(profile)) throw new Error(`--profile: expected one of ${PROFILES.join(', ')}, mixed`);
  const packages = values.packages === undefined ? undefined : values.packages.split(',').filter(Boolean);
  const unknown = packages?.find((p) => !EXTRA_PACKAGES.includes(p));
  if (unknown !== undefined) throw new Error(`--packages: '${unknown}' is not one of ${EXTRA_PACKAGES.join(', ')}`);
  return {
    devices,
    basePort: int('base-port', values['base-port'] ?? '18443', 0, 65535),
    controlPort: int('control-port', values['control-port'] ?? '18400', 0, 65535),
    sshBasePort: int('ssh-base-port', values['ssh-base-port'] ?? '18022', 0, 65535),
    version: values.version ?? '7.20.5',
    profile: profile as ProfileName | 'mixed',
    users: values.users ? parseUsers(values.users) : undefined,
    seed: int('seed', values.seed, 0, 2 ** 31),
    plainHttp: values['plain-http'] ?? false,
    requestTimeoutMs: int('request-timeout-ms', values['request-timeout-ms'], 1, 3_600_000),
    ...(packages ? { packages: packages as 'container'[] } : {}),
  };
}
