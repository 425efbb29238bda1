export interface MigrationState {
  name: string;
  applied: boolean;
}

export const SchemaMigrator = Symbol.for('SchemaMigrator');
export interface SchemaMigrator {
  /** Applies pending migrations; safe when several processes start at once. Returns the names applied now. */
  migrate(): Promise<string[]>;
  status(): Promise<MigrationState[]>;
}
