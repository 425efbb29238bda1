import type { ColumnType, DataSource, QueryRunner } from '@routeros-mcp/typeorm';

export type Dialect = 'sqlite' | 'postgres';

/** Column types that differ between the two engines; everything else is portable as written. */
export function columnTypes(dialect: Dialect): { timestamp: ColumnType } {
  return { timestamp: dialect === 'postgres' ? 'timestamptz' : 'datetime' };
}

export function dialectOf(source: DataSource | QueryRunner): Dialect {
  const type = ('connection' in source ? source.connection : source).options.type;
  return type === 'postgres' ? 'postgres' : 'sqlite';
}

/** True when the error is a unique-constraint violation, on either engine. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; driverError?: { code?: string }; message?: string };
  const code = e.driverError?.code ?? e.code;
  return code === '23505' || (code === 'SQLITE_CONSTRAINT' && /UNIQUE/.test(e.message ?? ''));
}

/** Which column a unique violation was about (names only, never values). */
export function violatedColumn(error: unknown): string | undefined {
  const e = error as { driverError?: { constraint?: string }; constraint?: string; message?: string };
  const constraint = e.driverError?.constraint ?? e.constraint;
  if (constraint) return constraint;
  return /UNIQUE constraint failed: ([\w.]+)/.exec(e.message ?? '')?.[1];
}
