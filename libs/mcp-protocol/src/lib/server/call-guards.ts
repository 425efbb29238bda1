import type { DeviceReader } from '@routeros-mcp/application-use-cases';
import type { Environment } from '@routeros-mcp/domain-kernel';
import { McpErrorPayload, protocolError, toMcpError } from '../errors/map-domain-error';
import { RpcError } from './rpc-error';

/** A device of another environment is refused (FORBIDDEN): a lab server never touches prod. */
export async function assertDeviceInEnvironment(reader: DeviceReader, deviceId: string, environment: Environment): Promise<void> {
  const device = await reader.device(deviceId);
  if (device.environment === environment) return;
  throw new RpcError(
    protocolError('FORBIDDEN', `device '${deviceId}' is in ${device.environment}; this server serves ${environment}`, { device_id: deviceId, device_environment: device.environment, server_environment: environment }, `Use a server configured for ${device.environment}, or a device from device_list in ${environment}.`),
  );
}

/** The JSON-RPC error for anything a handler threw, tagged with the request's correlation id. */
export function errorPayload(error: unknown, correlationId: string): McpErrorPayload {
  const payload = error instanceof RpcError ? { code: error.code, message: error.message, data: error.data } : toMcpError(error, { correlationId });
  payload.data.correlation_id ??= correlationId;
  return payload;
}
