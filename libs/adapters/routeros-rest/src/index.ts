export * from './lib/rest-client';
export * from './lib/rest-client.options';
export * from './lib/routeros-values';
export * from './lib/menu-requirements';
export { CertificateMismatchError, ConnectTimeoutError } from './lib/pinned-agent';
