import { AccessRefusedError, eitherOf } from '@routeros-mcp/application-use-cases';
import { McpErrorPayload, protocolError } from './map-domain-error';
import { RpcError } from './rpc-error';

/** The access policy's refusal as the protocol's FORBIDDEN error, with the advice a model or client can act on. */
export function accessRefusalPayload(error: AccessRefusedError): McpErrorPayload {
  const facts = error.facts;
  switch (facts.kind) {
    case 'environment':
      return protocolError('FORBIDDEN', error.message, { device_id: facts.deviceId, device_environment: facts.deviceEnvironment, server_environment: facts.serverEnvironment }, `Use a server configured for ${facts.deviceEnvironment}, or a device from device_list in ${facts.serverEnvironment}.`);
    case 'reach':
      if (facts.refusedBy === 'unknown_device') return protocolError('FORBIDDEN', error.message, { device_id: facts.deviceId, refused_by: facts.refusedBy });
      return protocolError('FORBIDDEN', error.message, { device_id: facts.deviceId, refused_by: facts.refusedBy }, 'Use a device from device_list, or a token that covers this device.');
    case 'tier':
      return protocolError('FORBIDDEN', error.message, { tool: facts.name, tier: facts.tier, required_role: facts.requiredRole, allowed_roles: facts.allowedRoles, roles: facts.roles }, `Ask for a token with the ${eitherOf(facts.allowedRoles)} role, or use a read-only tool.`);
  }
}

/** An access refusal becomes the protocol refusal it is answered and audited as (PROTOCOL.FORBIDDEN); anything else is left as it is. */
export function asProtocolRefusal(error: unknown): unknown {
  return error instanceof AccessRefusedError ? new RpcError(accessRefusalPayload(error)) : error;
}
