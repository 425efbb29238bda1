import { CAPABILITY_FLAGS, CapabilityFlag, ENVIRONMENTS, parseTag } from './composition';
import { Command, InvalidArgumentError } from 'commander';

export function collectTag(value: string, previous: Record<string, string> = {}): Record<string, string> {
  try {
    const [key, tagValue] = parseTag(value);
    return { ...previous, [key]: tagValue };
  } catch (error) {
    throw new InvalidArgumentError((error as Error).message);
  }
}

export function collect(value: string, previous: string[] = []): string[] {
  return [...previous, value];
}

/** A `--limit` parser: a whole number from 1 to `max`. */
export function limitOf(max: number): (value: string) => number {
  return (value) => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < 1 || n > max) throw new InvalidArgumentError(`must be a whole number from 1 to ${max}`);
    return n;
  };
}

export const ENVIRONMENT_HELP = ENVIRONMENTS.join('|');

/** `--allow-firewall-writes` for each capability flag, and with `negatable` also `--no-allow-…`. */
export function addCapabilityOptions(command: Command, negatable: boolean): Command {
  for (const flag of CAPABILITY_FLAGS) {
    const option = `--${flag.replace(/_/g, '-')}`;
    command.option(option, `turn on ${flag}`);
    if (negatable) command.option(`--no-${option.slice(2)}`, `turn off ${flag}`);
  }
  return command;
}

/** Reads the capability options back into `{ allow_x: true|false }`, leaving out the ones not given. */
export function capabilityPatch(options: Record<string, unknown>): Partial<Record<CapabilityFlag, boolean>> {
  const patch: Partial<Record<CapabilityFlag, boolean>> = {};
  for (const flag of CAPABILITY_FLAGS) {
    const key = flag.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());
    if (typeof options[key] === 'boolean') patch[flag] = options[key] as boolean;
  }
  return patch;
}
