import type { ApprovalSigner } from '@routeros-mcp/application-ports';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { join } from 'node:path';
import { keyIdOf } from './key-id';
import { createExclusive, KeyFileError, readPrivate } from './key-file';

export const APPROVAL_KEY_FILE = 'approval-signing.key';

/** HMAC-SHA256 signatures for approval tokens. */
export class HmacApprovalSigner implements ApprovalSigner {
  constructor(private readonly key: Buffer) {}

  sign(payload: string): string {
    return createHmac('sha256', this.key).update(payload, 'utf8').digest('base64url');
  }

  verify(payload: string, signature: string): boolean {
    const expected = Buffer.from(this.sign(payload), 'base64url');
    const given = Buffer.from(signature, 'base64url');
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}

/**
 * The approval-signing key: `ROUTEROS_MCP_APPROVAL_SIGNING_KEY`, or `<dataDir>/approval-signing.key` created on
 * first use. It must never be a credential key, so leaking one cannot forge the other.
 */
export function loadApprovalSigningKey(options: { dataDir: string; base64Key?: string; credentialKeyIds: readonly string[] }): Buffer {
  let key: Buffer;
  if (options.base64Key) {
    key = Buffer.from(options.base64Key, 'base64');
  } else {
    const path = join(options.dataDir, APPROVAL_KEY_FILE);
    createExclusive(path, randomBytes(32).toString('base64') + '\n');
    key = Buffer.from(readPrivate(path).trim(), 'base64');
  }
  if (key.length !== 32) throw new KeyFileError('the approval-signing key must be 32 bytes');
  if (options.credentialKeyIds.includes(keyIdOf(key))) {
    throw new KeyFileError('the approval-signing key is the same as a credential key; give approvals a key of their own');
  }
  return key;
}
