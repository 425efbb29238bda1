import type { CredentialKeyring, KeyRotation, SecretCipher } from '@routeros-mcp/application-ports';
import { randomBytes } from 'node:crypto';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { AesGcmCipher } from './aes-gcm.cipher';
import { keyIdOf } from './key-id';
import { createExclusive, KeyFileError, readPrivate, replaceAtomically } from './key-file';

export const MASTER_KEY_FILE = 'master.key';

interface KeyringState {
  version: 1;
  active: string;
  keys: Record<string, string>;
}

function cipherOf(state: KeyringState): AesGcmCipher {
  const keys = Object.values(state.keys).map((b64) => Buffer.from(b64, 'base64'));
  return new AesGcmCipher(keys, Buffer.from(state.keys[state.active], 'base64'));
}

function serialise(state: KeyringState): string {
  return JSON.stringify(state, null, 2) + '\n';
}

function stateWith(keys: Buffer[], active: Buffer): KeyringState {
  return { version: 1, active: keyIdOf(active), keys: Object.fromEntries([...keys, active].map((k) => [keyIdOf(k), k.toString('base64')])) };
}

function checkNewKey(newKey: Uint8Array, current: readonly string[]): Buffer {
  if (newKey.length !== 32) throw new KeyFileError('the new key must be exactly 32 bytes (base64 of 32 random bytes)');
  if (current.includes(keyIdOf(newKey))) throw new KeyFileError('the new key is the key already in use; generate a fresh one');
  return Buffer.from(newKey);
}

/** Master key kept in `<dataDir>/master.key` (mode 0600), created on first use. */
export class FileCredentialKeyring implements CredentialKeyring {
  constructor(private readonly path: string) {}

  static inDataDir(dataDir: string): FileCredentialKeyring {
    return new FileCredentialKeyring(join(dataDir, MASTER_KEY_FILE));
  }

  /** Loads the keyring, creating a fresh random key the first time. */
  load(): AesGcmCipher {
    createExclusive(this.path, serialise(stateWith([], randomBytes(32))));
    return cipherOf(this.read());
  }

  /**
   * A cipher that follows the key file: another process (or this one) may rotate the key at any time, and a
   * long-running server must then decrypt with the new key and never encrypt with a retired one.
   */
  cipher(): SecretCipher {
    let loaded = this.load();
    let stamp = this.stamp();
    const current = (): AesGcmCipher => {
      const now = this.stamp();
      if (now !== stamp) {
        loaded = cipherOf(this.read());
        stamp = now;
      }
      return loaded;
    };
    return {
      get activeKeyId() {
        return current().activeKeyId;
      },
      encrypt: (plaintext, context) => current().encrypt(plaintext, context),
      decrypt: (ciphertext, context) => current().decrypt(ciphertext, context),
      keyIdOf: (ciphertext) => loaded.keyIdOf(ciphertext),
    };
  }

  keyValues(): string[] {
    return Object.values(this.read().keys);
  }

  async beginRotation(newKey: Uint8Array = randomBytes(32)): Promise<KeyRotation> {
    const before = this.read();
    const fresh = checkNewKey(newKey, Object.keys(before.keys));
    const during: KeyringState = { version: 1, active: keyIdOf(fresh), keys: { ...before.keys, [keyIdOf(fresh)]: fresh.toString('base64') } };
    // Written before any credential is re-encrypted: whatever happens next, the file can decrypt every row.
    replaceAtomically(this.path, serialise(during));
    return {
      cipher: cipherOf(during),
      previousKeyId: before.active,
      keepsOldKeys: true,
      commit: async (keepKeyIds: readonly string[] = []) => {
        const keys = Object.fromEntries(Object.entries(during.keys).filter(([id]) => id === during.active || keepKeyIds.includes(id)));
        replaceAtomically(this.path, serialise({ ...during, keys }));
        return undefined;
      },
      abort: async () => replaceAtomically(this.path, serialise(before)),
    };
  }

  private stamp(): string {
    const { mtimeMs, size, ino } = statSync(this.path);
    return `${ino}:${mtimeMs}:${size}`;
  }

  private read(): KeyringState {
    let state: KeyringState;
    try {
      state = JSON.parse(readPrivate(this.path)) as KeyringState;
    } catch (error) {
      if (error instanceof KeyFileError) throw error;
      throw new KeyFileError(`cannot read key file ${this.path}: ${(error as Error).message}`);
    }
    if (state?.version !== 1 || typeof state.keys?.[state.active] !== 'string') {
      throw new KeyFileError(`key file ${this.path} is not a routeros-mcp keyring (expected version 1 with an active key)`);
    }
    return state;
  }
}

/** Master key given in `ROUTEROS_MCP_MASTER_KEY`: rotation needs the new key, and the operator updates the variable. */
export class EnvCredentialKeyring implements CredentialKeyring {
  private readonly key: Buffer;

  constructor(base64Key: string) {
    this.key = Buffer.from(base64Key, 'base64');
    if (this.key.length !== 32) throw new KeyFileError('ROUTEROS_MCP_MASTER_KEY must be base64 of exactly 32 bytes');
  }

  load(): AesGcmCipher {
    return new AesGcmCipher([], this.key);
  }

  async beginRotation(newKey?: Uint8Array): Promise<KeyRotation> {
    if (!newKey) {
      throw new KeyFileError('the master key comes from ROUTEROS_MCP_MASTER_KEY, so the new key must be supplied (keys rotate --new-key-stdin)');
    }
    const fresh = checkNewKey(newKey, [keyIdOf(this.key)]);
    return {
      cipher: new AesGcmCipher([this.key], fresh),
      previousKeyId: keyIdOf(this.key),
      keepsOldKeys: false,
      commit: async () => 'set ROUTEROS_MCP_MASTER_KEY to the new key before the next start; the old key no longer decrypts anything',
      abort: async () => undefined,
    };
  }
}
