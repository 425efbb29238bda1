import { ConcurrentModificationError, CREDENTIAL_PURPOSES, SecretDecryptionError } from '../index';

describe('port errors', () => {
  it('ConcurrentModificationError is a user-side conflict with the resource named', () => {
    const error = new ConcurrentModificationError('device', 'dev-1');
    expect(error.code).toBe('STATE.CONFLICT');
    expect(error.fault).toBe('user');
    expect(error.details()).toEqual({ resource_type: 'device', resource_id: 'dev-1' });
    expect(error.message).toContain('reload it and try again');
  });

  it('SecretDecryptionError is a system fault', () => {
    const error = new SecretDecryptionError('credential:dev-1:rest_password', 'unknown key id 1234');
    expect(error.fault).toBe('system');
    expect(error.code).toBe('SECRETS.DECRYPT_FAILED');
  });

  it('knows every credential purpose', () => expect(CREDENTIAL_PURPOSES).toEqual(['rest_password', 'ssh_password', 'ssh_private_key']));
});
