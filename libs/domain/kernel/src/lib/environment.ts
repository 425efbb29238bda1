import { ValidationError } from './validation.error';

export const ENVIRONMENTS = ['lab', 'staging', 'prod'] as const;
export type Environment = (typeof ENVIRONMENTS)[number];

export function parseEnvironment(value: string, field = 'environment'): Environment {
  if ((ENVIRONMENTS as readonly string[]).includes(value)) return value as Environment;
  throw ValidationError.single(field, `unknown environment '${value}'; expected one of ${ENVIRONMENTS.join(', ')}`);
}
