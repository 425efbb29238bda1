export * from './lib/aes-gcm.cipher';
export * from './lib/aes-gcm.data-keys';
export * from './lib/approval-signer';
export * from './lib/credential-keyring';
export * from './lib/key-file';
export * from './lib/key-id';
