import { DEVICE_STATUSES, Environment, ENVIRONMENTS } from '../composition';
import { CliUsageError } from '../cli-error';

type Status = (typeof DEVICE_STATUSES)[number];

export function parseFilterEnvironment(value: string | undefined): Environment | undefined {
  if (value === undefined) return undefined;
  if (!(ENVIRONMENTS as readonly string[]).includes(value)) {
    throw new CliUsageError(`environment: unknown environment '${value}'; expected one of ${ENVIRONMENTS.join(', ')}`);
  }
  return value as Environment;
}

export function parseFilterStatus(value: string | undefined): Status | undefined {
  if (value === undefined) return undefined;
  if (!(DEVICE_STATUSES as readonly string[]).includes(value)) {
    throw new CliUsageError(`status: unknown status '${value}'; expected one of ${DEVICE_STATUSES.join(', ')}`);
  }
  return value as Status;
}
