import { createPrivateKey, type KeyObject, randomBytes } from 'node:crypto';
import { utils } from 'ssh2';

/**
 * A private key as ssh2 serves it: ssh2 reads OpenSSH, PKCS#1 RSA and SEC1 EC keys, but not PKCS#8 (what most tools
 * write for ed25519), so a PKCS#8 key is rewritten: RSA as PKCS#1, EC as SEC1, ed25519 as an `openssh-key-v1` file.
 * Answers undefined when the text is no private key (or the passphrase does not open it).
 */
export function servableKey(text: string, passphrase?: string): string | undefined {
  const parsed = utils.parseKey(text, passphrase);
  const key = Array.isArray(parsed) ? parsed[0] : parsed;
  if (!(key instanceof Error) && key?.isPrivateKey()) {
    // Unencrypted, ssh2 serves it as it is; an encrypted one is served opened (no one is there to type the passphrase).
    if (!(utils.parseKey(text) instanceof Error)) return text;
    return fromNode(createPrivateKey(key.getPrivatePEM()));
  }
  try {
    return fromNode(createPrivateKey({ key: text, ...(passphrase !== undefined ? { passphrase } : {}) }));
  } catch {
    return undefined;
  }
}

function fromNode(key: KeyObject): string | undefined {
  switch (key.asymmetricKeyType) {
    case 'rsa':
      return key.export({ type: 'pkcs1', format: 'pem' }).toString();
    case 'ec':
      return key.export({ type: 'sec1', format: 'pem' }).toString();
    case 'ed25519':
      return openSshEd25519(key.export({ format: 'jwk' }));
    default:
      return undefined;
  }
}

const str = (b: Buffer | string) => {
  const body = typeof b === 'string' ? Buffer.from(b) : b;
  const len = Buffer.alloc(4);
  len.writeUInt32BE(body.length);
  return Buffer.concat([len, body]);
};

/** The `openssh-key-v1` text of an ed25519 key (unencrypted), as `ssh-keygen` writes it. */
function openSshEd25519(jwk: { d?: string; x?: string }): string {
  const priv = Buffer.from(jwk.d!, 'base64url');
  const pub = Buffer.from(jwk.x!, 'base64url');
  const publicBlob = Buffer.concat([str('ssh-ed25519'), str(pub)]);
  const check = randomBytes(4);
  let secret = Buffer.concat([check, check, str('ssh-ed25519'), str(pub), str(Buffer.concat([priv, pub])), str('')]);
  const pad = Buffer.from(Array.from({ length: (8 - (secret.length % 8)) % 8 }, (_, i) => i + 1));
  secret = Buffer.concat([secret, pad]);
  const nkeys = Buffer.alloc(4);
  nkeys.writeUInt32BE(1);
  const blob = Buffer.concat([Buffer.from('openssh-key-v1\0'), str('none'), str('none'), str(''), nkeys, str(publicBlob), str(secret)]);
  const lines = blob.toString('base64').match(/.{1,70}/g)!;
  return ['-----BEGIN OPENSSH PRIVATE KEY-----', ...lines, '-----END OPENSSH PRIVATE KEY-----', ''].join('\n');
}
