import 'reflect-metadata';
import * as x509 from '@peculiar/x509';
import { createHash, webcrypto, X509Certificate } from 'node:crypto';
import { utils } from 'ssh2';

x509.cryptoProvider.set(webcrypto as unknown as Parameters<typeof x509.cryptoProvider.set>[0]);

export interface DeviceIdentity {
  certPem: string;
  keyPem: string;
  /** As `openssl x509 -fingerprint -sha256` prints it, with a `SHA256:` prefix: `SHA256:AB:CD:…`. */
  tlsFingerprint: string;
  /** OpenSSH private host key. */
  sshHostKey: string;
  /** As `ssh-keygen -l` prints it: `SHA256:` plus unpadded base64. */
  sshHostKeyFingerprint: string;
}

const ALG = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' } as const;

function pem(label: string, der: ArrayBuffer): string {
  const b64 = Buffer.from(der).toString('base64').match(/.{1,64}/g)!.join('\n');
  return `-----BEGIN ${label}-----\n${b64}\n-----END ${label}-----\n`;
}

export function tlsFingerprintOf(certPem: string): string {
  return `SHA256:${new X509Certificate(certPem).fingerprint256}`;
}

export function sshFingerprintOf(publicKeyBlob: Buffer): string {
  return `SHA256:${createHash('sha256').update(publicKeyBlob).digest('base64').replace(/=+$/, '')}`;
}

/** A fresh self-signed certificate (ECDSA P-256, as RouterOS can make) and an ed25519 SSH host key. */
export async function createDeviceIdentity(commonName: string): Promise<DeviceIdentity> {
  const keys = (await webcrypto.subtle.generateKey(ALG, true, ['sign', 'verify'])) as webcrypto.CryptoKeyPair;
  const cert = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: Buffer.from(webcrypto.getRandomValues(new Uint8Array(8))).toString('hex'),
    name: `CN=${commonName}`,
    notBefore: new Date(Date.now() - 86_400_000),
    notAfter: new Date(Date.now() + 3650 * 86_400_000),
    keys,
    signingAlgorithm: ALG,
    extensions: [new x509.SubjectAlternativeNameExtension([{ type: 'ip', value: '127.0.0.1' }, { type: 'dns', value: 'localhost' }])],
  });
  const certPem = cert.toString('pem');
  const keyPem = pem('PRIVATE KEY', await webcrypto.subtle.exportKey('pkcs8', keys.privateKey));
  const ssh = sshHostKey();
  return { certPem, keyPem, tlsFingerprint: tlsFingerprintOf(certPem), sshHostKey: ssh.privateKey, sshHostKeyFingerprint: sshFingerprintOf(ssh.publicBlob) };
}

/** ssh2's generator now and then emits an ed25519 key its own parser rejects (about 1 in 400): make another. */
function sshHostKey(): { privateKey: string; publicBlob: Buffer } {
  for (let attempt = 0; attempt < 10; attempt++) {
    const generated = utils.generateKeyPairSync('ed25519');
    const parsed = utils.parseKey(generated.private);
    if (parsed instanceof Error) continue;
    const key = Array.isArray(parsed) ? parsed[0] : parsed;
    return { privateKey: generated.private, publicBlob: key.getPublicSSH() };
  }
  throw new Error('could not generate a usable SSH host key');
}
