import { displayJson } from '../composition';
import type { AdminServices } from '../composition';
import { CliContext } from '../cli-context';
import { CliUsageError } from '../cli-error';
import { write } from '../cli-io';
import { AbortedByUser } from './device-remove.command';

export interface PinChoice {
  tlsFingerprint?: string;
  sshHostKey?: string;
}

const same = (a?: string, b?: string) => !!a && !!b && a.toUpperCase() === b.toUpperCase();

/** The presented identities in the `--json` shape (snake_case, as every other JSON output). */
export function pinsJson(pins: PinChoice): { tls_fingerprint: string | null; ssh_host_key: string | null } {
  return { tls_fingerprint: pins.tlsFingerprint ?? null, ssh_host_key: pins.sshHostKey ?? null };
}

/**
 * Reads the identities the device presents and decides what to pin: fingerprints given on the command
 * line must match what the device shows; otherwise the operator confirms them (or passes --yes).
 * `current` are the pins on record, shown as old values when they change. What the device presents is
 * always printed on stderr (and, refused with `json`, as JSON on stdout), so an operator refused for lack of
 * confirmation can check the fingerprints on the device and pass them back.
 */
export async function choosePins(
  ctx: CliContext,
  services: AdminServices,
  where: { host: string; restPort: number; sshPort: number },
  given: PinChoice & { yes?: boolean; json?: boolean },
  current: PinChoice = {},
): Promise<PinChoice> {
  const presented = await services.connectivity.presentedIdentities(where.host, where.restPort, where.sshPort);
  if (!presented.tlsFingerprint) throw new CliUsageError(`cannot read the certificate of ${where.host}:${where.restPort}: ${presented.problems.join('; ')}`);
  const choice: PinChoice = { tlsFingerprint: presented.tlsFingerprint, sshHostKey: presented.sshHostKey };
  const line = (label: string, old?: string, now?: string) => `  ${label}: ${now ?? '(not offered)'}${old && old !== now ? `   (was ${old})` : ''}`;
  write(ctx.io.stderr, [`${where.host} presents:`, line('TLS certificate SHA-256', current.tlsFingerprint, choice.tlsFingerprint), line('SSH host key SHA-256', current.sshHostKey, choice.sshHostKey)].join('\n'));
  const refuse = (message: string): never => {
    if (given.json) write(ctx.io.stdout, displayJson({ pinned: false, error: message, presented: pinsJson(choice) }));
    throw new CliUsageError(message);
  };
  if (given.tlsFingerprint && !same(given.tlsFingerprint, presented.tlsFingerprint)) {
    refuse(`tls-fingerprint: the device presents ${presented.tlsFingerprint}, not ${given.tlsFingerprint}; nothing was changed`);
  }
  if (given.sshHostKey && presented.sshHostKey && given.sshHostKey !== presented.sshHostKey) {
    refuse(`ssh-host-key: the device presents ${presented.sshHostKey}, not ${given.sshHostKey}; nothing was changed`);
  }
  const confirmedByFlags = !!given.tlsFingerprint && (!presented.sshHostKey || !!given.sshHostKey);
  if (confirmedByFlags || given.yes) return choice;
  if (!ctx.io.interactive) {
    const flags = [`--tls-fingerprint ${choice.tlsFingerprint}`, choice.sshHostKey ? `--ssh-host-key ${choice.sshHostKey}` : undefined].filter(Boolean).join(' ');
    refuse(`refusing to pin identities nobody confirmed: check them on the device (openssl, ssh-keygen -l) and pass ${flags}, or --yes`);
  }
  if (!(await ctx.io.confirm('Pin these identities?'))) throw new AbortedByUser('nothing pinned; the device is unchanged');
  return choice;
}
