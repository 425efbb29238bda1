import type { AdminServices } from '@routeros-mcp/composition';
import { CliContext } from '../cli-context';
import { CliUsageError } from '../cli-error';
import { write } from '../cli-io';
import { AbortedByUser } from './device-remove.command';

export interface PinChoice {
  tlsFingerprint?: string;
  sshHostKey?: string;
}

const same = (a?: string, b?: string) => !!a && !!b && a.toUpperCase() === b.toUpperCase();

/**
 * Reads the identities the device presents and decides what to pin: fingerprints given on the command
 * line must match what the device shows; otherwise the operator confirms them (or passes --yes).
 * `current` are the pins on record, shown as old values when they change.
 */
export async function choosePins(
  ctx: CliContext,
  services: AdminServices,
  where: { host: string; restPort: number; sshPort: number },
  given: PinChoice & { yes?: boolean },
  current: PinChoice = {},
): Promise<PinChoice> {
  const presented = await services.connectivity.presentedIdentities(where.host, where.restPort, where.sshPort);
  if (!presented.tlsFingerprint) throw new CliUsageError(`cannot read the certificate of ${where.host}:${where.restPort}: ${presented.problems.join('; ')}`);
  if (given.tlsFingerprint && !same(given.tlsFingerprint, presented.tlsFingerprint)) {
    throw new CliUsageError(`tls-fingerprint: the device presents ${presented.tlsFingerprint}, not ${given.tlsFingerprint}; nothing was changed`);
  }
  if (given.sshHostKey && presented.sshHostKey && given.sshHostKey !== presented.sshHostKey) {
    throw new CliUsageError(`ssh-host-key: the device presents ${presented.sshHostKey}, not ${given.sshHostKey}; nothing was changed`);
  }
  const choice: PinChoice = { tlsFingerprint: presented.tlsFingerprint, sshHostKey: presented.sshHostKey };
  const confirmedByFlags = !!given.tlsFingerprint && (!presented.sshHostKey || !!given.sshHostKey);
  if (confirmedByFlags || given.yes) return choice;
  if (!ctx.io.interactive) throw new CliUsageError('refusing to pin identities nobody confirmed: pass --tls-fingerprint and --ssh-host-key (as openssl and ssh-keygen print them), or --yes');
  const line = (label: string, old?: string, now?: string) => `  ${label}: ${now ?? '(not offered)'}${old && old !== now ? `   (was ${old})` : ''}`;
  write(ctx.io.stderr, [`${where.host} presents:`, line('TLS certificate SHA-256', current.tlsFingerprint, choice.tlsFingerprint), line('SSH host key', current.sshHostKey, choice.sshHostKey)].join('\n'));
  if (!(await ctx.io.confirm('Pin these identities?'))) throw new AbortedByUser('nothing pinned; the device is unchanged');
  return choice;
}
