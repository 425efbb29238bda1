import { ValidationError } from '@routeros-mcp/domain-kernel';

/**
 * TLS certificate pins are SHA-256 digests, kept in the form `openssl x509 -fingerprint -sha256` prints:
 * `SHA256:AB:CD:…` (32 upper-case hex pairs). Bare hex, lower case and the `sha256 Fingerprint=` prefix
 * are accepted on input and normalised.
 */
export function parseTlsFingerprint(value: string, field = 'tls_fingerprint'): string {
  const hex = value
    .trim()
    .replace(/^sha256\s*fingerprint\s*=\s*/i, '')
    .replace(/^sha256:/i, '')
    .replace(/:/g, '');
  if (!/^[0-9a-f]{64}$/i.test(hex)) {
    throw ValidationError.single(field, 'must be a SHA-256 fingerprint like SHA256:AB:CD:… (32 hex pairs)');
  }
  return 'SHA256:' + hex.toUpperCase().match(/../g)!.join(':');
}

/**
 * SSH host-key pins use the form `ssh-keygen -l` prints: `SHA256:` plus unpadded base64 of the digest
 * (43 characters). Trailing `=` padding is accepted and removed.
 */
export function parseSshHostKeyFingerprint(value: string, field = 'ssh_host_key'): string {
  const body = value.trim().replace(/^sha256:/i, '').replace(/=+$/, '');
  if (!/^[A-Za-z0-9+/]{43}$/.test(body) || !/[AEIMQUYcgkosw048]$/.test(body)) {
    throw ValidationError.single(field, 'must be an SSH SHA-256 fingerprint like SHA256:<43 base64 characters>');
  }
  return `SHA256:${body}`;
}
