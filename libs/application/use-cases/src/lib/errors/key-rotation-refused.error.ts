import { DomainError } from '@routeros-mcp/domain-kernel';

/**
 * A rotation that would leave values readable only with the old key, while the keyring cannot keep it (a master key
 * given in the environment is one key). Nothing was changed.
 */
export class KeyRotationRefusedError extends DomainError {
  readonly code = 'KEYS.ROTATION_REFUSED';
  constructor(readonly holders: readonly string[]) {
    super(
      `the rotation was rolled back: ${holders.join(', ')} still hold values sealed with the current key that cannot be re-sealed now ` +
        '(a plan made before plan data keys, or a change in flight), and a key from ROUTEROS_MCP_MASTER_KEY cannot be kept beside the new one; ' +
        'rotate once the changes have settled and those plans have ended',
    );
  }
  override details(): Record<string, unknown> {
    return { holders: [...this.holders] };
  }
}
