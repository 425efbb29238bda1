import { utils } from 'ssh2';
import { sshFingerprintOf } from './device-identity';

export interface SshHostKey {
  /** OpenSSH private host key. */
  privateKey: string;
  /** As `ssh-keygen -l` prints it: `SHA256:` plus unpadded base64. */
  fingerprint: string;
}

const generate = (type: 'ed25519' | 'rsa', bits: number) =>
  new Promise<{ private: string }>((resolve, reject) =>
    type === 'rsa' ? utils.generateKeyPair('rsa', { bits }, (error, keys) => (error ? reject(error) : resolve(keys))) : utils.generateKeyPair('ed25519', (error, keys) => (error ? reject(error) : resolve(keys))),
  );

/**
 * A fresh SSH host key of `/ip/ssh`'s `host-key-type` (and `host-key-size` for RSA), off the event loop. ssh2's
 * generator now and then emits an ed25519 key its own parser rejects (see device-identity.ts): make another.
 */
export async function generateSshHostKey(type: 'ed25519' | 'rsa', bits: number): Promise<SshHostKey> {
  for (let attempt = 0; attempt < 10; attempt++) {
    const generated = await generate(type, bits);
    const parsed = utils.parseKey(generated.private);
    if (parsed instanceof Error) continue;
    const key = Array.isArray(parsed) ? parsed[0] : parsed;
    return { privateKey: generated.private, fingerprint: sshFingerprintOf(key.getPublicSSH()) };
  }
  throw new Error('could not generate an SSH host key');
}
