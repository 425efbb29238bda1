export type LogMeta = Record<string, unknown>;

export const Logger = Symbol.for('Logger');
/** Structured logger. Implementations write to stderr or files only and redact secrets by name and value. */
export interface Logger {
  debug(message: string, meta?: LogMeta): void;
  info(message: string, meta?: LogMeta): void;
  warn(message: string, meta?: LogMeta): void;
  error(message: string, meta?: LogMeta): void;
  child(bindings: LogMeta): Logger;
}
