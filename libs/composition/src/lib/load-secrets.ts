import type { CredentialKeyring, SecretCipher } from '@routeros-mcp/application-ports';
import { EnvCredentialKeyring, FileCredentialKeyring, keyIdOf, loadApprovalSigningKey } from '@routeros-mcp/adapters-secrets';
import type { Config } from '@routeros-mcp/config';
import { mkdirSync } from 'node:fs';

/** The keys a process works with, loaded (and created on first run) from the environment or the data directory. */
export interface Secrets {
  keyring: CredentialKeyring;
  cipher: SecretCipher;
  /** Base64 master keys, for the log redactor. */
  masterKeys: string[];
  approvalKey: Buffer;
  /** Approval keys used before `approvalKey`: audit checkpoints they signed still verify. */
  previousApprovalKeys: Buffer[];
}

/**
 * Creates the data directory and loads the keys: quick, and where a bad key or key file stops a process at start
 * (KeyFileError, ConfigError), before anything slow is loaded.
 */
export function loadSecrets(config: Config): Secrets {
  mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  // The master key comes from the environment, or from a key file that running processes follow on rotation.
  const envKeyring = config.masterKey ? new EnvCredentialKeyring(config.masterKey) : undefined;
  const fileKeyring = envKeyring ? undefined : FileCredentialKeyring.inDataDir(config.dataDir);
  const keyring: CredentialKeyring = envKeyring ?? fileKeyring!;
  const cipher = envKeyring ? envKeyring.load() : fileKeyring!.cipher();
  const masterKeys = envKeyring ? [config.masterKey!] : fileKeyring!.keyValues();
  const approvalKey = loadApprovalSigningKey({
    dataDir: config.dataDir,
    base64Key: config.approvalSigningKey,
    credentialKeyIds: masterKeys.map((k) => keyIdOf(Buffer.from(k, 'base64'))),
  });
  const previousApprovalKeys = (config.approvalSigningKeysPrevious ?? '').split(',').map((k) => k.trim()).filter(Boolean).map((k) => Buffer.from(k, 'base64'));
  return { keyring, cipher, masterKeys, approvalKey, previousApprovalKeys };
}
