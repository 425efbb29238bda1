import { DeviceTimeoutError, DeviceUnreachableError } from '@routeros-mcp/application-ports';
import { isDomainError } from '@routeros-mcp/domain-kernel';

/** What the sweeps (interrupted changes, needs-attention re-checks) share about a device and its records. */

/** Without a cipher a sealed secret cannot be opened: the caller refuses or reports it, never writes it as stored. */
export const NO_CIPHER = {
  decrypt(): string {
    throw new Error('no secret cipher is configured to open it');
  },
};

/** The device did not answer (unreachable or timed out): the record is left for the next sweep. */
export const deviceSilent = (error: unknown): boolean => error instanceof DeviceUnreachableError || error instanceof DeviceTimeoutError;

export const messageOf = (error: unknown): string => (isDomainError(error) || error instanceof Error ? error.message : String(error));
