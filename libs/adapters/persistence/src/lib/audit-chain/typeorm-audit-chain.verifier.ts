import type { AuditChainReport, AuditChainVerifier } from '@routeros-mcp/application-ports';
import { Database } from '../database';
import type { AuditCheckpointRow, AuditLinkRow, AuditStreamRow } from '../records/audit-chain.record';
import type { AuditEventRecord } from '../records/audit-event.record';
import { verifyAuditChain } from './verify-audit-chain';

/**
 * Reads the whole trail in one consistent snapshot and walks it. Everything is read even with `since`: a link
 * vouches for the ones after it, so the walk starts at each stream's first.
 */
export class TypeOrmAuditChainVerifier implements AuditChainVerifier {
  constructor(
    private readonly db: Database,
    /** Checkpoint keys (checkpointKeyOf each approval key): the current one and any used before it. */
    private readonly keys: readonly Buffer[] | undefined,
  ) {}

  async verify(options: { since?: Date } = {}): Promise<AuditChainReport> {
    const state = await this.db.readConsistent(async (em) => ({
      rows: await em.find<AuditEventRecord>('AuditEventRecord'),
      links: await em.find<AuditLinkRow>('AuditLinkRow'),
      streams: await em.find<AuditStreamRow>('AuditStreamRow'),
      checkpoints: await em.find<AuditCheckpointRow>('AuditCheckpointRow'),
    }));
    return verifyAuditChain(state, this.keys, options.since);
  }
}
