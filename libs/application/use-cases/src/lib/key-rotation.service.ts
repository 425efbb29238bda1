import type { Clock, CredentialKeyring, Logger, Principal, ResealCounts, SealedValueStore, SealedValueVisitor, SecretCipher } from '@routeros-mcp/application-ports';
import { Clock as ClockToken, CredentialKeyring as CredentialKeyringToken, Logger as LoggerToken, SealedValueStore as SealedValueStoreToken } from '@routeros-mcp/application-ports';
import { inject, injectable } from '@routeros-mcp/inversify';
import { AuditRecorder } from './audit-recorder';
import { resealRecordedInverse, sealedInverseValues } from './changes/inverse-secrets';
import { credentialContext } from './credential-vault';
import { KeyRotationRefusedError } from './errors/key-rotation-refused.error';
import { planDataKeyContext } from './plans/plan-data-key';
import { approvalSealContext } from './plans/plan.service';
import { sealedPlanValues } from './plans/plan-secrets';

export interface RotationResult {
  /** Device credentials re-encrypted (also in `resealed.credentials`). */
  reencrypted: number;
  /** Values re-sealed under the new key, per kind. */
  resealed: ResealCounts;
  previousKeyId: string;
  newKeyId: string;
  /** Old keys kept because values still need them (see `notice`). */
  retainedKeyIds: string[];
  /** What the operator still has to do, if anything (e.g. update an environment variable). */
  notice?: string;
}

/**
 * A change still in flight saves its whole record again (its inverse as the process holds it, sealed with the key
 * it had): re-sealing it now would be undone. It keeps its key, and the next rotation re-seals it once settled.
 */
const IN_FLIGHT_CHANGE = new Set(['proposed', 'applying', 'revert_pending']);

/** Who holds values under which key: `plan plan-…`, `change …`, `approval …`, `credential dev-1/…`. */
class KeyHolders {
  private readonly byKey = new Map<string, Set<string>>();

  add(keyId: string, holder: string): void {
    if (!this.byKey.has(keyId)) this.byKey.set(keyId, new Set());
    this.byKey.get(keyId)!.add(holder);
  }

  except(keyId: string): Map<string, string[]> {
    return new Map([...this.byKey].filter(([id]) => id !== keyId).map(([id, holders]) => [id, [...holders].sort()]));
  }
}

/**
 * Rotates the master key: every value it sealed (device credentials, approval grants, change records' inverse
 * secrets, plans' data keys) is sealed again under a new key in one transaction, all or nothing; then the old keys
 * are retired, except any a stored value still needs (a plan made before plan data keys holds its step secrets
 * under the master key inside its approved content hash; a change in flight rewrites its record). Nothing stored
 * becomes unreadable.
 */
@injectable()
export class KeyRotationService {
  constructor(
    @inject(CredentialKeyringToken) private readonly keyring: CredentialKeyring,
    @inject(SealedValueStoreToken) private readonly store: SealedValueStore,
    @inject(AuditRecorder) private readonly recorder: AuditRecorder,
    @inject(ClockToken) private readonly clock: Clock,
    @inject(LoggerToken) private readonly logger: Logger,
  ) {}

  async rotate(principal: Principal, newKey?: Uint8Array): Promise<RotationResult> {
    return this.recorder.run({ principal, action: 'keys.rotate' }, async () => {
      const rotation = await this.keyring.beginRotation(newKey);
      const { cipher } = rotation;
      const active = cipher.activeKeyId;
      let resealed: ResealCounts;
      try {
        const now = this.clock.now();
        const left = new KeyHolders();
        const reseal = (ciphertext: string, context: string) => cipher.encrypt(cipher.decrypt(ciphertext, context), context);
        resealed = await this.store.reseal({
          credential: (c) => ({ ...c, ciphertext: reseal(c.ciphertext, credentialContext(c.deviceId, c.purpose)), keyId: active, updatedAt: now }),
          grant: (g) => reseal(g.sealed, approvalSealContext(g.id)),
          changeInverse: (c) => {
            if (!IN_FLIGHT_CHANGE.has(c.status)) return resealRecordedInverse(c.id, c.inverse, cipher);
            for (const value of sealedInverseValues(c.id, c.inverse)) left.add(cipher.keyIdOf(value), `change ${c.id}`);
            return c.inverse;
          },
          planDataKey: (p) => {
            if (p.sealedDataKey) return reseal(p.sealedDataKey, planDataKeyContext(p.id));
            for (const value of (p.stepChanges ?? []).flatMap(sealedPlanValues)) left.add(cipher.keyIdOf(value), `plan ${p.id}`);
            return undefined;
          },
          beforeCommit: () => {
            const holders = [...new Set([...left.except(active).values()].flat())].sort();
            if (!rotation.keepsOldKeys && holders.length > 0) throw new KeyRotationRefusedError(holders);
          },
        });
      } catch (error) {
        await rotation.abort();
        throw error;
      }
      // Read again once committed: a value another process sealed with an old key meanwhile keeps that key too.
      const retained = await this.holdersOfOldKeys(cipher);
      const retainedKeyIds = [...retained.keys()].sort();
      const keyringNotice = await rotation.commit(retainedKeyIds);
      const notice = [keyringNotice, retainedNotice(retained)].filter(Boolean).join('; ') || undefined;
      this.logger.info('master key rotated', { ...countsForLog(resealed), previous_key_id: rotation.previousKeyId, new_key_id: active, retained_key_ids: retainedKeyIds });
      return {
        reencrypted: resealed.credentials,
        resealed,
        previousKeyId: rotation.previousKeyId,
        newKeyId: active,
        retainedKeyIds,
        ...(notice ? { notice } : {}),
      };
    });
  }

  /** Every stored value under a key other than the active one, by key. */
  private async holdersOfOldKeys(cipher: SecretCipher): Promise<Map<string, string[]>> {
    const holders = new KeyHolders();
    const visitor: SealedValueVisitor = {
      credential: (c) => (holders.add(cipher.keyIdOf(c.ciphertext), `credential ${c.deviceId}/${c.purpose}`), c),
      grant: (g) => (holders.add(cipher.keyIdOf(g.sealed), `approval ${g.id}`), g.sealed),
      changeInverse: (c) => {
        for (const value of sealedInverseValues(c.id, c.inverse)) holders.add(cipher.keyIdOf(value), `change ${c.id}`);
        return c.inverse;
      },
      planDataKey: (p) => {
        if (p.sealedDataKey) holders.add(cipher.keyIdOf(p.sealedDataKey), `plan ${p.id}`);
        for (const value of (p.stepChanges ?? []).flatMap(sealedPlanValues)) holders.add(cipher.keyIdOf(value), `plan ${p.id}`);
        return p.sealedDataKey;
      },
    };
    await this.store.visit(visitor);
    return holders.except(cipher.activeKeyId);
  }
}

function countsForLog(c: ResealCounts): Record<string, number> {
  return { credentials: c.credentials, approval_grants: c.approvalGrants, change_inverses: c.changeInverses, plan_data_keys: c.planDataKeys };
}

function retainedNotice(retained: Map<string, string[]>): string | undefined {
  if (retained.size === 0) return undefined;
  const parts = [...retained].map(([keyId, holders]) => {
    const shown = holders.slice(0, 10).join(', ') + (holders.length > 10 ? ` and ${holders.length - 10} more` : '');
    return `key ${keyId} is kept for ${shown}`;
  });
  return `${parts.join('; ')} (values that cannot be re-sealed now: a plan made before plan data keys, or a change in flight); rotate again once those plans have ended and changes settled to retire it`;
}
