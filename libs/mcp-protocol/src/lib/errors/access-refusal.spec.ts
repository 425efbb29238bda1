import { AccessRefusedError, environmentRefusal, reachRefusal, tierRefusal } from '@routeros-mcp/application-use-cases';
import { accessRefusalPayload, asProtocolRefusal } from './access-refusal';
import { protocolError } from './map-domain-error';
import { RpcError } from './rpc-error';

const device = { id: 'r-2', environment: 'prod' as const, tags: { site: 'b' } };

/** The application decides; the protocol answers exactly as it did when it decided itself (FORBIDDEN, same words and data). */
describe('access refusals as protocol errors', () => {
  it('environment: names both environments and where to go instead', () => {
    expect(accessRefusalPayload(environmentRefusal(device, 'lab')!)).toEqual(
      protocolError('FORBIDDEN', "device 'r-2' is in prod; this server serves lab", { device_id: 'r-2', device_environment: 'prod', server_environment: 'lab' }, 'Use a server configured for prod, or a device from device_list in lab.'),
    );
  });

  it('reach: names the principal and its reach, and what led to the device', () => {
    const principal = { id: 'token:site1-ro', via: 'http', roles: ['read_only'], environments: ['lab' as const] };
    expect(accessRefusalPayload(reachRefusal(principal, device, "plan 'plan-1'")!)).toEqual(
      protocolError('FORBIDDEN', "plan 'plan-1' touches device 'r-2', which is outside what 'token:site1-ro' may touch (environments lab)", { device_id: 'r-2', refused_by: 'environment' }, 'Use a device from device_list, or a token that covers this device.'),
    );
    const unknown = new AccessRefusedError("change 'c-1' touches device 'gone', which is no longer enrolled; its reach cannot be checked", { kind: 'reach', deviceId: 'gone', refusedBy: 'unknown_device', through: "change 'c-1'" });
    expect(accessRefusalPayload(unknown)).toEqual(protocolError('FORBIDDEN', unknown.message, { device_id: 'gone', refused_by: 'unknown_device' }));
  });

  it('tier: names the role it needs and the roles held', () => {
    expect(accessRefusalPayload(tierRefusal({ roles: ['read_only'] }, { name: 'plan://plan-1', tier: 'professional', kind: 'resource' })!)).toEqual(
      protocolError('FORBIDDEN', 'plan://plan-1 is a professional resource; your roles (read_only) do not include admin or approver', { tool: 'plan://plan-1', tier: 'professional', required_role: 'admin', allowed_roles: ['admin', 'approver'], roles: ['read_only'] }, 'Ask for a token with the admin or approver role, or use a read-only tool.'),
    );
  });

  it('is answered and audited as a protocol refusal; other errors pass through', () => {
    const refused = asProtocolRefusal(environmentRefusal(device, 'lab'));
    expect(refused).toBeInstanceOf(RpcError);
    expect((refused as RpcError).data.mcp_error_code).toBe('FORBIDDEN');
    const other = new Error('boom');
    expect(asProtocolRefusal(other)).toBe(other);
  });
});
