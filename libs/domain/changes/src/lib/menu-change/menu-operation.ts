/** Which rows an operation acts on: one `.id`, or the rows matching `where` (which must be exactly `expect_count`). */
export interface RowSelector {
  id?: string;
  where?: Readonly<Record<string, string>>;
  /** How many rows `where` must match (default 1): a different count refuses the whole change. */
  expect_count?: number;
}

/** One operation of a `menu_change`, as the caller writes it (values already as RouterOS text). */
export type MenuOperation =
  | { op: 'add'; values: Readonly<Record<string, string>>; place_before?: string }
  | ({ op: 'set'; values: Readonly<Record<string, string>> } & RowSelector)
  | ({ op: 'unset'; names: readonly string[] } & RowSelector)
  | ({ op: 'remove' | 'enable' | 'disable' } & RowSelector)
  /** Moves a row before `before`, or to the end when it is absent. */
  | { op: 'move'; id: string; before?: string }
  /** A menu-specific command (`make-static`, `flush`), on the selected rows when it names any. */
  | ({ op: 'action'; command: string; values?: Readonly<Record<string, string>> } & RowSelector);

export interface MenuChangeInput {
  operations: readonly MenuOperation[];
  /** Set only for a step of an approved plan: plan-only commands may run. */
  planApproved?: boolean;
}
