import { isSecretRouterOsProperty } from '@routeros-mcp/domain-kernel';
import { ChangeNotRevertibleError } from './errors/change-not-revertible.error';
import type { RowOperation } from './row-operation';

/** How a sealed value is told from a plain one in a recorded inverse. */
export const SEALED_VALUE_PREFIX = 'sealed:';

type Transform = (value: string, where: string) => string;

function mapSecrets(ops: readonly RowOperation[], transform: Transform): RowOperation[] {
  return ops.map((op) => {
    if (op.kind !== 'add' && op.kind !== 'set') return op;
    let props: Record<string, string> | undefined;
    for (const [key, value] of Object.entries(op.props)) {
      if (value === '' || !isSecretRouterOsProperty(key)) continue;
      props ??= { ...op.props };
      props[key] = transform(value, `/${op.menu} ${key}`);
    }
    return props ? { ...op, props } : op;
  });
}

/**
 * The inverse of a change as its record keeps it: every secret value it must write back (an old Wi-Fi passphrase)
 * sealed by `seal` (authenticated encryption bound to `where`), so the record can undo the change without holding
 * the secret in the clear.
 */
export function sealInverseSecrets(inverse: readonly RowOperation[], seal: Transform): RowOperation[] {
  return mapSecrets(inverse, (value, where) => `${SEALED_VALUE_PREFIX}${seal(value, where)}`);
}

/** The recorded inverse with its sealed secrets opened, just before it is written; a plain secret is refused. */
export function openInverseSecrets(inverse: readonly RowOperation[], open: Transform, changeId: string): RowOperation[] {
  return mapSecrets(inverse, (value, where) => {
    if (!value.startsWith(SEALED_VALUE_PREFIX)) throw new ChangeNotRevertibleError(`its undo of ${where} holds no sealed value`, changeId);
    return open(value.slice(SEALED_VALUE_PREFIX.length), where);
  });
}
