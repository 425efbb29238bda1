import type { LogMeta, Logger } from '@routeros-mcp/application-ports';
import { displaySafeJsonText } from '@routeros-mcp/domain-kernel';
import { Writable } from 'node:stream';
import winston from 'winston';
import { currentCorrelationId } from './correlation';
import { SecretRedactor } from './redactor';

export interface LoggingOptions {
  level: 'error' | 'warn' | 'info' | 'debug';
  /** Also append JSON lines to this file. */
  file?: string;
  /** Write here instead of stderr (tests). Never stdout: on stdio that would corrupt the protocol stream. */
  stream?: Writable;
  /** Fields on every line (e.g. `service`). */
  defaultMeta?: LogMeta;
}

const LEVELS = ['error', 'warn', 'info', 'debug'];
/** Where winston keeps the formatted line (triple-beam's MESSAGE). */
const MESSAGE = Symbol.for('message');

function redactFormat(redactor: SecretRedactor) {
  return winston.format((info) => {
    const correlationId = currentCorrelationId();
    const clean = redactor.redact({ ...info }) as Record<string, unknown>;
    for (const key of Object.keys(info)) delete (info as Record<string, unknown>)[key];
    Object.assign(info, clean, correlationId && !clean['correlation_id'] ? { correlation_id: correlationId } : {});
    return info;
  })();
}

/**
 * The JSON line with what JSON leaves raw (DEL, C1 controls, bidi and zero-width characters, U+2028/U+2029) as
 * `\uXXXX`: a model's title or a device's comment in a log line cannot act on the terminal that tails the log, and
 * the line still parses to the same values.
 */
const displaySafeFormat = winston.format((info) => {
  const line = (info as Record<symbol, unknown>)[MESSAGE];
  if (typeof line === 'string') (info as Record<symbol, unknown>)[MESSAGE] = displaySafeJsonText(line);
  return info;
});

/**
 * Winston formats (redaction included) every entry before its transports drop the ones below their level, so
 * the level is checked here first: a debug line on a hot path costs nothing when debug is off.
 */
class WinstonLogger implements Logger {
  private readonly upTo: number;
  constructor(
    private readonly inner: winston.Logger,
    level: LoggingOptions['level'],
  ) {
    this.upTo = LEVELS.indexOf(level);
  }
  debug(message: string, meta?: LogMeta): void { if (this.upTo >= 3) this.inner.debug(message, meta); }
  info(message: string, meta?: LogMeta): void { if (this.upTo >= 2) this.inner.info(message, meta); }
  warn(message: string, meta?: LogMeta): void { if (this.upTo >= 1) this.inner.warn(message, meta); }
  error(message: string, meta?: LogMeta): void { this.inner.error(message, meta); }
  child(bindings: LogMeta): Logger { return new WinstonLogger(this.inner.child(bindings), LEVELS[this.upTo] as LoggingOptions['level']); }
}

/** JSON lines, every level on stderr (or the given stream/file), secrets redacted, correlation id attached. */
export function createWinstonLogger(options: LoggingOptions, redactor: SecretRedactor): { logger: Logger; close(): Promise<void> } {
  const transports: winston.transport[] = [
    options.stream
      ? new winston.transports.Stream({ stream: options.stream })
      : new winston.transports.Console({ stderrLevels: LEVELS }),
  ];
  if (options.file) transports.push(new winston.transports.File({ filename: options.file }));
  const inner = winston.createLogger({
    level: options.level,
    defaultMeta: options.defaultMeta,
    format: winston.format.combine(redactFormat(redactor), winston.format.timestamp(), winston.format.json(), displaySafeFormat()),
    transports,
  });
  return {
    logger: new WinstonLogger(inner, options.level),
    close: () =>
      new Promise<void>((resolve) => {
        inner.on('finish', () => resolve());
        inner.end();
      }),
  };
}
