export { createMetrics } from './metrics';
export type { AuthRefusalReason, Metrics, MetricsOptions } from './metrics';
export { metricsApp } from './metrics-listener';
export type { MetricsListenerDeps } from './metrics-listener';
export { startTracing, tracingRequested } from './tracing';
export type { Tracing, TracingOptions } from './tracing';
