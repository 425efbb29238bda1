import type { Row } from '../../row-operation';
import { isDynamic } from '../common/rows';
import { ChangePreconditionError } from '../errors/planner-errors';

/** How plan topics find the rows they own: a comment starting `mcp:<key>` (then a space and free text, or nothing). */
export const MANAGED_TAG_PREFIX = 'mcp:';
export const MANAGED_KEY = /^[A-Za-z0-9][A-Za-z0-9._-]{0,47}$/;

export const managedComment = (key: string, note?: string): string => `${MANAGED_TAG_PREFIX}${key}${note ? ` ${note}` : ''}`;

/** The key a row's comment tags it with, if any. */
export function managedKeyOf(row: Row): string | undefined {
  return /^mcp:([A-Za-z0-9][A-Za-z0-9._-]{0,47})(\s|$)/.exec(row['comment'] ?? '')?.[1];
}

/**
 * The static rows of a menu by their `mcp:` key. Two rows with one key are refused: which one the plan owns
 * cannot be told (someone copied a rule by hand), and writing either would be a guess.
 */
export function managedRows(rows: readonly Row[], menu: string): Map<string, Row> {
  const out = new Map<string, Row>();
  for (const row of rows) {
    const key = managedKeyOf(row);
    if (key === undefined || isDynamic(row)) continue;
    if (out.has(key)) throw new ChangePreconditionError(`/${menu} has two rows tagged ${MANAGED_TAG_PREFIX}${key} (${out.get(key)!['.id']} and ${row['.id']}); remove one by hand`, { menu, key });
    out.set(key, row);
  }
  return out;
}
