import { NodeSSH } from 'node-ssh';
import { createHash } from 'node:crypto';
import { DeviceAuthFailedError, DeviceTarget, DeviceUnreachableError } from '@routeros-mcp/application-ports';

export const sshFingerprint = (key: Buffer) => `SHA256:${createHash('sha256').update(key).digest('base64').replace(/=+$/, '')}`;

/**
 * Opens an SSH connection whose host key must match the pin; the password is sent only after that check
 * (ssh2 verifies the host key before authenticating). Failures become domain errors without the password.
 */
export async function connectPinned(target: DeviceTarget, timeoutMs: number): Promise<NodeSSH> {
  let presented: string | undefined;
  let mismatch = false;
  const ssh = new NodeSSH();
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
    const code = (error as { code?: string }).code;
    const message = String((error as Error).message ?? '');
    const reason = code === 'ECONNREFUSED' ? 'SSH connection refused (is the ssh service enabled on this port?)' : /timed out/i.test(message) ? `no SSH session within ${timeoutMs} ms` : `SSH connection failed (${code ?? 'handshake'})`;
    throw new DeviceUnreachableError(target.deviceId, reason, 5);
  }
}

/** The host key fingerprint a device presents; the connection is dropped before authentication. */
export async function readPresentedHostKey(host: string, port: number, timeoutMs: number): Promise<string> {
  let presented: string | undefined;
  const ssh = new NodeSSH();
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
    .catch(() => undefined);
  ssh.dispose();
  if (!presented) throw new DeviceUnreachableError(`${host}:${port}`, 'no SSH host key was presented', 5);
  return presented;
}
