import type { EncryptedCredential, ResealCounts, SealedValueStore, SealedValueVisitor } from '@routeros-mcp/application-ports';
import type { RowOperation } from '@routeros-mcp/domain-changes';
import { SEALED_VALUE_PREFIX } from '@routeros-mcp/domain-changes';
import type { EntityManager } from '@routeros-mcp/typeorm';
import { Database } from '../database';
import type { ChangeRecordRow } from '../records/change.record';
import type { CredentialRecord } from '../records/credential.record';
import type { PlanApprovalRow, PlanRow, PlanStepRow } from '../records/plan.record';
import { RegistryReadCache } from '../registry-read-cache';
import { toCredentialRecord } from './typeorm-credential.repository';

const CREDENTIAL = 'CredentialRecord';
const APPROVAL = 'PlanApprovalRow';
const CHANGE = 'ChangeRecordRow';
const PLAN = 'PlanRow';
const STEP = 'PlanStepRow';

const fromCredentialRecord = (r: CredentialRecord): EncryptedCredential => ({
  deviceId: r.device_id, purpose: r.purpose as EncryptedCredential['purpose'], username: r.username, ciphertext: r.ciphertext, keyId: r.key_id, updatedAt: r.updated_at,
});

/**
 * Every value the master cipher sealed, read and rewritten in one transaction. The rotation takes the credential
 * lock exclusively (credential writers wait); the other sealed values are written by processes whose cipher follows
 * the key file, so once the new key is active they seal under it.
 */
export class TypeOrmSealedValueStore implements SealedValueStore {
  constructor(
    private readonly db: Database,
    private readonly cache: RegistryReadCache,
  ) {}

  async reseal(visitor: SealedValueVisitor): Promise<ResealCounts> {
    return this.db
      .writeLocked('rotation', async (em) => {
        const counts = await this.walk(em, visitor, true);
        visitor.beforeCommit?.();
        return counts;
      })
      .finally(() => this.cache.invalidate());
  }

  async visit(visitor: SealedValueVisitor): Promise<void> {
    await this.db.readConsistent((em) => this.walk(em, visitor, false));
  }

  private async walk(em: EntityManager, visitor: SealedValueVisitor, write: boolean): Promise<ResealCounts> {
    const counts: ResealCounts = { credentials: 0, approvalGrants: 0, changeInverses: 0, planDataKeys: 0 };

    for (const row of await em.find<CredentialRecord>(CREDENTIAL, { order: { device_id: 'ASC', purpose: 'ASC' } })) {
      const next = toCredentialRecord(visitor.credential(fromCredentialRecord(row)));
      if (next.ciphertext === row.ciphertext) continue;
      counts.credentials++;
      if (write) await em.update(CREDENTIAL, { device_id: row.device_id, purpose: row.purpose }, { ciphertext: next.ciphertext, key_id: next.key_id, updated_at: next.updated_at });
    }

    const grants = await em.createQueryBuilder<PlanApprovalRow>(APPROVAL, 'a').where('a.sealed IS NOT NULL').orderBy('a.id', 'ASC').getMany();
    for (const row of grants) {
      const sealed = visitor.grant({ id: row.id, sealed: row.sealed! });
      if (sealed === row.sealed) continue;
      counts.approvalGrants++;
      if (write) await em.update(APPROVAL, { id: row.id }, { sealed });
    }

    // Only records whose body mentions a sealed value can hold one (a prefilter; the inverse is what counts).
    const changes = await em
      .createQueryBuilder<ChangeRecordRow>(CHANGE, 'c')
      .where('c.body LIKE :sealed', { sealed: `%"${SEALED_VALUE_PREFIX}%` })
      .orderBy('c.id', 'ASC')
      .getMany();
    for (const row of changes) {
      const body = JSON.parse(row.body) as { inverse?: RowOperation[] };
      const inverse = body.inverse ?? [];
      if (!inverse.some((op) => (op.kind === 'add' || op.kind === 'set') && Object.values(op.props).some((v) => v.startsWith(SEALED_VALUE_PREFIX)))) continue;
      const next = visitor.changeInverse({ id: row.id, status: row.status, inverse });
      if (next === inverse || JSON.stringify(next) === JSON.stringify(inverse)) continue;
      counts.changeInverses++;
      if (write) await em.update(CHANGE, { id: row.id }, { body: JSON.stringify({ ...body, inverse: next }) });
    }

    const plans = await em.createQueryBuilder<PlanRow>(PLAN, 'p').orderBy('p.id', 'ASC').getMany();
    const legacy = plans.filter((p) => !p.sealed_key).map((p) => p.id);
    const legacySteps = legacy.length === 0 ? [] : await em.createQueryBuilder<PlanStepRow>(STEP, 's').where('s.plan_id IN (:...ids)', { ids: legacy }).orderBy('s.sequence', 'ASC').getMany();
    for (const row of plans) {
      const topic = row.topic ?? row.tool_name;
      if (!row.sealed_key) {
        const stepChanges = legacySteps.filter((s) => s.plan_id === row.id).map((s) => JSON.parse(s.change) as Record<string, unknown>);
        visitor.planDataKey({ id: row.id, topic, status: row.status, stepChanges });
        continue;
      }
      const sealed = visitor.planDataKey({ id: row.id, topic, status: row.status, sealedDataKey: row.sealed_key });
      if (sealed === undefined || sealed === row.sealed_key) continue;
      counts.planDataKeys++;
      if (write) await em.update(PLAN, { id: row.id }, { sealed_key: sealed });
    }
    return counts;
  }
}
