import { MigrationInterface, QueryRunner, Table, TableIndex } from '@routeros-mcp/typeorm';
import { GENESIS, HashableAuditRow, instantOf, linkHash, rankOf, rowHash } from '../audit-chain/audit-hash';

/** The stream that chains the rows an upgraded database already held. */
export const LEGACY_STREAM = 'legacy';

const hash = { type: 'varchar', length: '64', isNullable: false } as const;
const id = { type: 'varchar', isNullable: false } as const;

/**
 * The audit trail's hash chain (see AuditChain): links (one per write of an audit row), streams (one per process) and
 * signed checkpoints. The rows already there are chained here, oldest first, into the `legacy` stream, so an upgraded
 * database verifies; it has no checkpoint (no key at migration time), so only its links vouch for it.
 */
export class AuditChain1795865301935 implements MigrationInterface {
  name = 'AuditChain1795865301935';

  async up(qr: QueryRunner): Promise<void> {
    await qr.createTable(
      new Table({
        name: 'audit_links',
        columns: [
          { name: 'stream_id', ...id, isPrimary: true },
          { name: 'seq', type: 'integer', isPrimary: true },
          { name: 'record_id', ...id },
          { name: 'rank', type: 'integer', isNullable: false },
          { name: 'row_hash', ...hash },
          { name: 'prev_hash', ...hash },
          { name: 'link_hash', ...hash },
          { name: 'at', type: 'bigint', isNullable: false },
        ],
        indices: [new TableIndex({ name: 'ix_audit_links_record', columnNames: ['record_id'] })],
      }),
    );
    await qr.createTable(
      new Table({
        name: 'audit_streams',
        columns: [
          { name: 'id', ...id, isPrimary: true },
          { name: 'label', ...id },
          { name: 'started_at', type: 'bigint', isNullable: false },
          { name: 'head_seq', type: 'integer', isNullable: false },
          { name: 'head_hash', ...hash },
        ],
      }),
    );
    await qr.createTable(
      new Table({
        name: 'audit_checkpoints',
        columns: [
          { name: 'stream_id', ...id, isPrimary: true },
          { name: 'seq', type: 'integer', isPrimary: true },
          { name: 'head_hash', ...hash },
          { name: 'mac', ...hash },
          { name: 'at', type: 'bigint', isNullable: false },
        ],
      }),
    );
    await chainLegacyRows(qr);
  }

  async down(qr: QueryRunner): Promise<void> {
    await qr.dropTable('audit_checkpoints', true);
    await qr.dropTable('audit_streams', true);
    await qr.dropTable('audit_links', true);
  }
}

async function chainLegacyRows(qr: QueryRunner): Promise<void> {
  const rows = (await qr.query('SELECT * FROM audit_events ORDER BY occurred_at, id')) as HashableAuditRow[];
  if (rows.length === 0) return;
  const pg = qr.connection.options.type === 'postgres';
  const p = (n: number) => (pg ? `$${n}` : '?');
  let prev = GENESIS;
  let seq = 0;
  const links = rows.map((row) => {
    const fields = { stream_id: LEGACY_STREAM, seq: ++seq, record_id: row.id, rank: rankOf(row.outcome), row_hash: rowHash(row), prev_hash: prev };
    prev = linkHash(fields);
    return [...Object.values(fields), prev, instantOf(row.occurred_at).getTime()];
  });
  // 100 links (800 values) per INSERT: below SQLite's limit of bound variables.
  for (let i = 0; i < links.length; i += 100) {
    const batch = links.slice(i, i + 100);
    const values = batch.map((_, r) => `(${[1, 2, 3, 4, 5, 6, 7, 8].map((c) => p(r * 8 + c)).join(', ')})`).join(', ');
    await qr.query(`INSERT INTO audit_links (stream_id, seq, record_id, rank, row_hash, prev_hash, link_hash, at) VALUES ${values}`, batch.flat());
  }
  await qr.query(`INSERT INTO audit_streams (id, label, started_at, head_seq, head_hash) VALUES (${[1, 2, 3, 4, 5].map(p).join(', ')})`, [LEGACY_STREAM, 'rows before the audit chain', Date.now(), seq, prev]);
}
