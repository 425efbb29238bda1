/**
 * Rows as written, for comparing a menu before and after a refused write: rule counters (`bytes`, `packets`),
 * interface counters (`rx-byte`, `tx-drop`…) and link times move on their own between two reads.
 */
export function configOfRows(rows: Record<string, string>[]): Record<string, string>[] {
  return rows.map((row) => Object.fromEntries(Object.entries(row).filter(([key]) => !/^(bytes|packets)$|-(byte|packet|drop|error)s?$|^last-link-(up|down)-time$/.test(key))));
}
