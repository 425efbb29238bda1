/** Adds an area table's entries to `target` menu by menu, so two tables naming one menu both count. */
export function mergeByMenu<T>(target: Record<string, Record<string, T>>, ...tables: Record<string, Record<string, T>>[]): void {
  for (const table of tables) for (const [menu, entries] of Object.entries(table)) target[menu] = { ...target[menu], ...entries };
}
