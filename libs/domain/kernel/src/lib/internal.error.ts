import { DomainError } from './domain-error';

/** A broken invariant inside the system (corrupt data, impossible state): never the caller's fault. */
export class InternalError extends DomainError {
  readonly code = 'INTERNAL.ERROR';
  override readonly fault = 'system';
}
