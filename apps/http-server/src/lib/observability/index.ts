export { createMetrics } from './metrics';
export type { Metrics, MetricsOptions } from './metrics';
export { startTracing, tracingRequested } from './tracing';
export type { Tracing, TracingOptions } from './tracing';
