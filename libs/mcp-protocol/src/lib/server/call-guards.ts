import type { Principal } from '@routeros-mcp/application-ports';
import type { DeviceReader } from '@routeros-mcp/application-use-cases';
import type { Environment } from '@routeros-mcp/domain-kernel';
import { McpErrorPayload, protocolError, toMcpError } from '../errors/map-domain-error';
import type { ToolContext } from '../tools/define-tool';
import type { ToolServerOptions, ToolServices } from './register-tools';
import { RpcError } from './rpc-error';

export interface GatedCall {
  /** Audit action, e.g. `tool.system_get_overview`. */
  action: string;
  deviceId?: string;
  correlationId: string;
  arguments: Record<string, unknown>;
  signal: AbortSignal;
  progress?: ToolContext['progress'];
  /** The transport's session (HTTP) and the client's `initialize` name and version, for the audit record. */
  session: { id?: string; client?: { name: string; version: string } };
}

/**
 * The path every tool call and resource read takes: one audit record around it, the environment gate for a
 * device, and a context whose reader loads each device once for the whole call.
 */
export async function runGated<T>(services: ToolServices, options: ToolServerOptions, call: GatedCall, work: (ctx: ToolContext) => Promise<T>): Promise<T> {
  const principal: Principal = {
    ...options.principal(),
    ...(call.session.id ? { sessionId: call.session.id } : {}),
    ...(call.session.client ? { clientName: call.session.client.name, clientVersion: call.session.client.version } : {}),
  };
  const reader = services.reader.forOneCall();
  const ctx: ToolContext = {
    principal,
    correlationId: call.correlationId,
    environment: options.environment,
    reader,
    registry: services.registry,
    audit: services.audit,
    connectivity: services.connectivity,
    signal: call.signal,
    progress: call.progress ?? (async () => undefined),
  };
  return services.audit.run({ principal, action: call.action, deviceId: call.deviceId, correlationId: call.correlationId, arguments: call.arguments }, async () => {
    if (call.deviceId) await assertDeviceInEnvironment(reader, call.deviceId, options.environment);
    return work(ctx);
  });
}

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
