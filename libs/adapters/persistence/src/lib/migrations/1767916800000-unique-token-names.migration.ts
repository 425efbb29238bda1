import { MigrationInterface, QueryRunner, TableColumn } from '@routeros-mcp/typeorm';

/** What a token name may be from now on (the same rule as PRINCIPAL_NAME in the domain kernel, fixed here as shipped). */
const NAME = /^[A-Za-z0-9][A-Za-z0-9._@-]{0,63}$/;
const MAX = 64;

/**
 * New names for tokens whose name is not allowed any more (`:` and other characters a principal id cannot hold) or
 * is held, ignoring case, by an older token. Every valid name keeps its oldest holder, so a token already named well
 * keeps its principal; the others get their name with the bad characters replaced by `-` and, where that is taken, a
 * `-2`, `-3`… suffix. `rows` oldest first; returns only the renamed ones.
 */
export function uniqueTokenNames(rows: readonly { id: string; name: string }[]): { id: string; name: string; renamedFrom: string }[] {
  const taken = new Set<string>();
  const keepers = new Set<string>();
  for (const row of rows) {
    const key = row.name.toLowerCase();
    if (NAME.test(row.name) && !taken.has(key)) {
      taken.add(key);
      keepers.add(row.id);
    }
  }
  const renamed: { id: string; name: string; renamedFrom: string }[] = [];
  for (const row of rows) {
    if (keepers.has(row.id)) continue;
    let base = row.name.replace(/[^A-Za-z0-9._@-]/g, '-');
    if (!/^[A-Za-z0-9]/.test(base)) base = `t${base}`;
    base = base.slice(0, MAX);
    let name = base;
    for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${base.slice(0, MAX - String(n).length - 1)}-${n}`;
    taken.add(name.toLowerCase());
    renamed.push({ id: row.id, name, renamedFrom: row.name });
  }
  return renamed;
}

/**
 * API token names become principals (`token:<name>`), so they must be unique and cannot hold `:`: a token named
 * `os:root`, or two named alike, stood for someone else in audit records, rate limits and the four-eyes rule. Tokens
 * that break the rule are renamed, never removed: they keep working (a token is found by its id), and the old name is
 * kept beside the new one, so the audit records written under it stay readable (`token list` shows both).
 */
export class UniqueTokenNames1767916800000 implements MigrationInterface {
  name = 'UniqueTokenNames1767916800000';

  async up(qr: QueryRunner): Promise<void> {
    await qr.addColumn('api_tokens', new TableColumn({ name: 'renamed_from', type: 'varchar', length: '64', isNullable: true }));
    const rows: { id: string; name: string }[] = await qr.manager.createQueryBuilder().select(['t.id AS id', 't.name AS name']).from('api_tokens', 't').orderBy('t.created_at', 'ASC').addOrderBy('t.id', 'ASC').getRawMany();
    for (const row of uniqueTokenNames(rows)) {
      await qr.manager.createQueryBuilder().update('api_tokens').set({ name: row.name, renamed_from: row.renamedFrom }).where('id = :id', { id: row.id }).execute();
    }
    // The same statement on both engines: an index on an expression, so `Alice` and `alice` cannot both exist.
    await qr.query('CREATE UNIQUE INDEX uq_api_tokens_name ON api_tokens (lower(name))');
  }

  async down(qr: QueryRunner): Promise<void> {
    await qr.query('DROP INDEX uq_api_tokens_name');
    await qr.dropColumn('api_tokens', 'renamed_from');
  }
}
