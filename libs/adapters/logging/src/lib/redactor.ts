import { isSecretFieldName, isSecretRouterOsProperty } from '@routeros-mcp/domain-kernel';

const AUTH_HEADER_VALUE = /\b(Basic|Bearer|Digest)\s+[A-Za-z0-9+/=._~-]+/g;
export const REDACTED = '[redacted]';

/**
 * Removes secrets from anything about to be logged or shown: fields whose names say "secret", HTTP
 * authorization values, and any known secret value wherever it appears in a string.
 */
export class SecretRedactor {
  private readonly values = new Set<string>();

  /** Registers a secret (a password, a key) so it is masked even inside free text. Very short values are
   *  ignored to avoid masking ordinary words. */
  addValue(secret: string | undefined): void {
    if (secret && secret.length >= 4) this.values.add(secret);
  }

  redactText(text: string): string {
    let out = text.replace(AUTH_HEADER_VALUE, `$1 ${REDACTED}`);
    for (const value of this.values) if (out.includes(value)) out = out.split(value).join(REDACTED);
    return out;
  }

  redact(value: unknown, seen = new WeakSet<object>()): unknown {
    if (typeof value === 'string') return this.redactText(value);
    if (value === null || typeof value !== 'object') return value;
    if (seen.has(value)) return '[circular]';
    seen.add(value);
    if (value instanceof Error) {
      return { name: value.name, message: this.redactText(value.message), ...(value.stack ? { stack: this.redactText(value.stack) } : {}) };
    }
    if (Array.isArray(value)) return value.map((item) => this.redact(item, seen));
    if (value instanceof Date) return value.toISOString();
    if (Buffer.isBuffer(value)) return `[${value.length} bytes]`;
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      out[key] = (isSecretFieldName(key) || isSecretRouterOsProperty(key)) && item !== undefined && item !== null && item !== '' ? REDACTED : this.redact(item, seen);
    }
    return out;
  }
}
