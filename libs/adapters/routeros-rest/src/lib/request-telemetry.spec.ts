import { DeviceAuthFailedError, DeviceCommandError, DeviceObjectNotFoundError, DeviceTimeoutError, DeviceUnreachableError } from '@routeros-mcp/application-ports';
import { BrokenCircuitError } from 'cockatiel';
import { mapCallError } from './map-error';
import { operationTemplate, restErrorKind } from './request-telemetry';

const ctx = { deviceId: 'r1', operation: 'GET /ip/address', timeoutMs: 1000 };

describe('request telemetry', () => {
  it('names operations without queries and with the item id as a placeholder', () => {
    expect(operationTemplate('GET', '/ip/address')).toBe('GET /ip/address');
    expect(operationTemplate('GET', '/ip/address/*1A?.proplist=address', '*1A')).toBe('GET /ip/address/{id}');
    expect(operationTemplate('PATCH', '/interface/ether1', 'ether1')).toBe('PATCH /interface/{id}');
    expect(operationTemplate('POST', '/ip/address/print')).toBe('POST /ip/address/print');
  });

  it.each([
    [new DeviceUnreachableError('r1', 'connection refused', 5), 'unreachable'],
    [mapCallError(ctx, new BrokenCircuitError()), 'circuit_open'],
    [new DeviceTimeoutError('r1', 'GET /x', 1), 'timeout'],
    [new DeviceAuthFailedError('r1', 'credentials', 'fix'), 'auth'],
    [new DeviceAuthFailedError('r1', 'tls_identity', 'fix'), 'tls'],
    [new DeviceCommandError('r1', 'GET /x', { status: 400, message: 'bad' }), 'refused'],
    [new DeviceCommandError('r1', 'GET /x', { status: 500, message: 'bad' }), 'device_failure'],
    [new DeviceObjectNotFoundError('r1', 'ip/address', '*1'), 'not_found'],
    [new Error('anything else'), 'other'],
  ])('%s is %p', (error, kind) => {
    expect(restErrorKind(error)).toBe(kind);
  });
});
