import type { NodeSSH } from 'node-ssh';
import { createHash } from 'node:crypto';
import { DeviceAuthFailedError, DeviceTarget, DeviceUnreachableError } from '@routeros-mcp/application-ports';

/** node-ssh (and ssh2 under it) load on the first SSH connection: REST-only work, the common case, never pays for them. */
function newSsh(): NodeSSH {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use, see above
  const { NodeSSH: Ssh } = require('node-ssh') as typeof import('node-ssh');
  return new Ssh();
}

export const sshFingerprint = (key: Buffer) => `SHA256:${createHash('sha256').update(key).digest('base64').replace(/=+$/, '')}`;

/**
 * Opens an SSH connection whose host key must match the pin; the password is sent only after that check
 * (ssh2 verifies the host key before authenticating). Failures become domain errors without the password.
 */
export async function connectPinned(target: DeviceTarget, timeoutMs: number): Promise<NodeSSH> {
  let presented: string | undefined;
  let mismatch = false;
  const ssh = newSsh();
  try {
    await ssh.connect({
      host: target.host,
      port: target.sshPort,
      username: target.ssh?.username ?? target.username,
      ...(target.ssh?.privateKey ? { privateKey: target.ssh.privateKey } : { password: target.ssh?.password ?? target.password }),
      readyTimeout: timeoutMs,
      tryKeyboard: false,
      hostVerifier: (key: Buffer) => {
        presented = sshFingerprint(key);
        mismatch = !target.sshHostKey || presented !== target.sshHostKey;
        return !mismatch;
      },
    });
    // A reset after we are done with the connection (device reboot, our own dispose) is not an error to raise.
    ssh.connection?.on('error', () => undefined);
    // Commands and their answers are small writes: without this each waits on Nagle and the peer's delayed ACK
    // (about 40 ms per exchange on Linux; on the simulator an exec took ~95 ms with it, ~14 ms without).
    ssh.connection?.setNoDelay(true);
    return ssh;
  } catch (error) {
    ssh.dispose();
    if (mismatch) {
      const fix = target.sshHostKey
        ? `if the host key changed on purpose, check the new fingerprint and run: routeros-mcp-admin device repin ${target.deviceId}`
        : `no SSH host key is pinned; run: routeros-mcp-admin device test ${target.deviceId} to pin it`;
      throw new DeviceAuthFailedError(target.deviceId, 'ssh_identity', fix, presented);
    }
    const level = (error as { level?: string }).level;
    if (level === 'client-authentication') throw new DeviceAuthFailedError(target.deviceId, 'credentials', `update them with: routeros-mcp-admin credentials set ${target.deviceId}`);
    throw sshUnreachable(target.deviceId, error, { timeoutMs, awaited: 'SSH session' });
  }
}

/** node-ssh's rejection when the server closed the connection before the session was ready (it says ETIMEDOUT). */
const CLOSED_EARLY = 'No response from server';

/**
 * Why an SSH connection could not be set up or was lost, in words true to the cause: refused, timed out, reset,
 * closed early, no route. Only the error's code and level are read (never its message text beyond node-ssh's
 * fixed ones), so nothing of the login can leak.
 */
export function sshUnreachable(deviceId: string, error: unknown, context: { timeoutMs: number; awaited: string }): DeviceUnreachableError {
  const { code, level, message } = error as { code?: string; level?: string; message?: string };
  return new DeviceUnreachableError(deviceId, sshReason(code, level, String(message ?? ''), context), 5);
}

function sshReason(code: string | undefined, level: string | undefined, message: string, { timeoutMs, awaited }: { timeoutMs: number; awaited: string }): string {
  if (code === 'ECONNREFUSED') return 'SSH connection refused (is the ssh service enabled on this port?)';
  if (message === CLOSED_EARLY) return `the SSH server closed the connection early (no ${awaited})`;
  if (level === 'client-timeout' || /timed out/i.test(message)) return `no ${awaited} within ${timeoutMs} ms`;
  if (code === 'ECONNRESET' || code === 'EPIPE') return 'the SSH connection was reset';
  if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH') return 'no route to the device';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'the host name does not resolve';
  return `SSH connection failed (${code ?? level ?? `no ${awaited}`})`;
}

/**
 * The host key fingerprint a device presents; the connection is dropped before authentication. A device that
 * presents none is unreachable for the reason it failed (refused, timed out, reset), not "no key".
 */
export async function readPresentedHostKey(host: string, port: number, timeoutMs: number): Promise<string> {
  let presented: string | undefined;
  let failure: unknown;
  const ssh = newSsh();
  await ssh
    .connect({
      host,
      port,
      username: 'fingerprint-probe',
      password: '',
      readyTimeout: timeoutMs,
      hostVerifier: (key: Buffer) => {
        presented = sshFingerprint(key);
        return false;
      },
    })
    .catch((error: unknown) => (failure = error));
  ssh.dispose();
  if (presented) return presented;
  throw sshUnreachable(`${host}:${port}`, failure, { timeoutMs, awaited: 'SSH host key' });
}
