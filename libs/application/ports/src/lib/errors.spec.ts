import { ConcurrentModificationError, CREDENTIAL_PURPOSES, DeviceCommandError, DeviceObjectNotFoundError, SecretDecryptionError } from '../index';

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

  describe('DeviceCommandError says what kind of failure it was', () => {
    it('a 4xx error body is a refusal', () => {
      const error = new DeviceCommandError('x', 'PATCH /interface/ether2', { status: 400, message: 'Bad Request', detail: 'unknown parameter colour' });
      expect(error.failure).toBe('refused');
      expect(error.message).toBe("device 'x' refused PATCH /interface/ether2: unknown parameter colour");
      expect(error.details()).toMatchObject({ failure: 'refused' });
    });

    it('a 5xx is a failure of the device, not a refusal', () => {
      const error = new DeviceCommandError('x', 'GET /ip/address', { status: 500, message: 'Internal Server Error', detail: 'something broke' });
      expect(error.failure).toBe('device_failure');
      expect(error.message).toBe("device 'x' failed GET /ip/address with an internal error (500 something broke)");
      expect(error.message).not.toMatch(/refused/);
      expect(error.details()).toMatchObject({ failure: 'device_failure' });
    });

    it('an answer RouterOS would not send is an invalid answer, kept through withStateAfterFailure', () => {
      const error = new DeviceCommandError('x', 'GET /ip/route', { status: 200, message: 'is not valid JSON' }, undefined, undefined, 'invalid_answer');
      expect(error.message).toBe("device 'x' sent an answer to GET /ip/route that is not valid JSON");
      const after = error.withStateAfterFailure(null);
      expect(after.failure).toBe('invalid_answer');
      expect(after.details()).toMatchObject({ failure: 'invalid_answer', state_after_failure: null });
    });

    it('an explicit kind wins over the status (RouterOS answers some refusals with 500)', () => {
      expect(new DeviceCommandError('x', 'op', { status: 500, message: 'Internal Server Error', detail: 'not allowed (9)' }, 'no write policy', undefined, 'refused').message).toBe("device 'x' refused op: not allowed (9) (no write policy)");
    });
  });

  it('DeviceObjectNotFoundError names the device, the menu and the id', () => {
    const error = new DeviceObjectNotFoundError('x', 'ip/route', '*99');
    expect(error.code).toBe('DEVICE.OBJECT_NOT_FOUND');
    expect(error.fault).toBe('user');
    expect(error.message).toBe("device 'x' has no ip/route item '*99'");
    expect(error.details()).toEqual({ device_id: 'x', menu: '/ip/route', id: '*99' });
  });
});
