import { FieldErrors } from '@routeros-mcp/domain-kernel';

/**
 * Plaintext credentials exist only in memory, between the operator's input (or the decrypting cipher)
 * and the device adapter. They are never logged, returned by a tool, or stored unencrypted.
 */
export interface RestCredentials {
  username: string;
  password: string;
}

export interface SshCredentials {
  username: string;
  password?: string;
  privateKey?: string;
}

export interface DeviceCredentials {
  rest: RestCredentials;
  ssh: SshCredentials;
}

const USERNAME = /^[A-Za-z0-9._@-]{1,64}$/;

export function validateCredentials(credentials: DeviceCredentials): DeviceCredentials {
  const errors = new FieldErrors();
  if (!USERNAME.test(credentials.rest.username)) errors.add('username', 'must be 1-64 letters, digits or . _ @ -');
  if (credentials.rest.password.length === 0) errors.add('password', 'must not be empty');
  if (credentials.rest.password.length > 1024) errors.add('password', 'must be at most 1024 characters');
  if (!USERNAME.test(credentials.ssh.username)) errors.add('ssh_username', 'must be 1-64 letters, digits or . _ @ -');
  const key = credentials.ssh.privateKey;
  if (key !== undefined && !/^-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----/.test(key.trim())) {
    errors.add('ssh_key_file', 'is not a PEM or OpenSSH private key (expected a -----BEGIN … PRIVATE KEY----- block)');
  }
  if (key === undefined && !credentials.ssh.password) errors.add('ssh_key_file', 'SSH needs a password or a private key');
  errors.throwIfAny();
  return credentials;
}
