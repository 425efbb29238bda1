import type { SecretCipher } from '@routeros-mcp/application-ports';
import type { ChangeRecord, RowOperation } from '@routeros-mcp/domain-changes';
import { openInverseSecrets, SEALED_VALUE_PREFIX, sealInverseSecrets } from '@routeros-mcp/domain-changes';
import { isSecretRouterOsProperty } from '@routeros-mcp/domain-kernel';

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

/** Every sealed value of a recorded inverse, with where it is and the context it is bound to. */
function mapSealed(changeId: string, inverse: readonly RowOperation[], map: (ciphertext: string, context: string) => string): RowOperation[] {
  return inverse.map((op) => {
    if (op.kind !== 'add' && op.kind !== 'set') return op;
    let props: Record<string, string> | undefined;
    for (const [key, value] of Object.entries(op.props)) {
      if (!isSecretRouterOsProperty(key) || !value.startsWith(SEALED_VALUE_PREFIX)) continue;
      props ??= { ...op.props };
      props[key] = `${SEALED_VALUE_PREFIX}${map(value.slice(SEALED_VALUE_PREFIX.length), context(changeId, `/${op.menu} ${key}`))}`;
    }
    return props ? { ...op, props } : op;
  });
}

/** A recorded inverse with every sealed secret opened and sealed again by `cipher` (a key rotation's). */
export function resealRecordedInverse(changeId: string, inverse: readonly RowOperation[], cipher: Pick<SecretCipher, 'encrypt' | 'decrypt'>): RowOperation[] {
  return mapSealed(changeId, inverse, (ciphertext, ctx) => cipher.encrypt(cipher.decrypt(ciphertext, ctx), ctx));
}

/** The ciphertexts of a recorded inverse's sealed secrets (to tell which keys they need). */
export function sealedInverseValues(changeId: string, inverse: readonly RowOperation[]): string[] {
  const found: string[] = [];
  mapSealed(changeId, inverse, (ciphertext) => (found.push(ciphertext), ciphertext));
  return found;
}
