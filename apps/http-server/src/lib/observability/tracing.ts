import type * as SdkNode from '@opentelemetry/sdk-node';

export interface TracingOptions {
  /** `service.name`, unless OTEL_SERVICE_NAME says otherwise. */
  serviceName: string;
  version: string;
}

export interface Tracing {
  /** Whether the environment asked for traces and the SDK was started. */
  readonly enabled: boolean;
  /** Exports the spans still buffered, then stops the SDK; safe to call twice, and when tracing is off. */
  shutdown(): Promise<void>;
}

const list = (value: string | undefined) => (value ?? '').split(',').map((part) => part.trim()).filter((part) => part !== '' && part !== 'null');

/**
 * Whether the standard variables ask for traces: OTEL_TRACES_EXPORTER naming an exporter other than `none`, or,
 * with it unset, an OTLP endpoint (OTEL_EXPORTER_OTLP_ENDPOINT or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT).
 * OTEL_SDK_DISABLED=true turns tracing off whatever else is set.
 */
export function tracingRequested(env: NodeJS.ProcessEnv): boolean {
  if (env['OTEL_SDK_DISABLED']?.trim().toLowerCase() === 'true') return false;
  const exporters = list(env['OTEL_TRACES_EXPORTER']);
  if (exporters.length > 0) return exporters[0] !== 'none';
  return Boolean(env['OTEL_EXPORTER_OTLP_ENDPOINT']?.trim() || env['OTEL_EXPORTER_OTLP_TRACES_ENDPOINT']?.trim());
}

/**
 * Starts the OpenTelemetry NodeSDK when the environment asks for traces (see tracingRequested). The SDK itself
 * reads the rest of the standard variables: the exporter (OTLP over HTTP, protobuf by default or JSON with
 * OTEL_EXPORTER_OTLP_PROTOCOL=http/json, or `console`), its endpoint, headers and timeout, the sampler, the batch
 * sizes and the resource attributes. Only traces: no metric readers (Prometheus has /metrics), no log exporters
 * (logs are JSON lines on stderr), no auto-instrumentation. Call it before the first request, once per process.
 */
export function startTracing(options: TracingOptions): Tracing {
  const env = process.env;
  if (!tracingRequested(env)) return { enabled: false, shutdown: async () => undefined };
  // Loaded only when asked for: the SDK and its exporters are some 200 modules a server without tracing never needs.
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- see above
  const { NodeSDK, resources } = require('@opentelemetry/sdk-node') as typeof SdkNode;
  const sdk = new NodeSDK({
    // Detected attributes (OTEL_SERVICE_NAME, OTEL_RESOURCE_ATTRIBUTES, process, host) are merged over these.
    resource: resources.resourceFromAttributes({ 'service.name': options.serviceName, 'service.version': options.version }),
    ...(env['OTEL_SERVICE_NAME'] ? {} : { serviceName: options.serviceName }),
    metricReaders: [],
    logRecordProcessors: [],
    instrumentations: [],
  });
  sdk.start();
  let stopping: Promise<void> | undefined;
  return {
    enabled: true,
    shutdown: () => (stopping ??= sdk.shutdown()),
  };
}
