export * from './lib/ssh-config-shell';
export * from './lib/export-parser';
export { sshFingerprint } from './lib/ssh-connect';
