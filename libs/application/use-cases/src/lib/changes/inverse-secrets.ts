import type { SecretCipher } from '@routeros-mcp/application-ports';
import type { ChangeRecord, RowOperation } from '@routeros-mcp/domain-changes';
import { openInverseSecrets, sealInverseSecrets } from '@routeros-mcp/domain-changes';

const context = (changeId: string, where: string) => `change-inverse:${changeId}:${where}`;

/** A change's inverse as its record keeps it: every secret value sealed, bound to the change and the property. */
export function sealRecordedInverse(changeId: string, inverse: readonly RowOperation[], cipher: Pick<SecretCipher, 'encrypt'> | undefined): RowOperation[] {
  return cipher ? sealInverseSecrets(inverse, (value, where) => cipher.encrypt(value, context(changeId, where))) : [...inverse];
}

/**
 * A recorded inverse ready to write (a revert, the recovery of an interrupted change): its sealed secrets opened.
 * Never store or log the result.
 */
export function openRecordedInverse(record: Pick<ChangeRecord, 'id' | 'inverse'>, cipher: Pick<SecretCipher, 'decrypt'> | undefined): RowOperation[] {
  return cipher ? openInverseSecrets(record.inverse, (sealed, where) => cipher.decrypt(sealed, context(record.id, where)), record.id) : [...record.inverse];
}
