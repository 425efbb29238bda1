import { isSecretArgumentName, REDACTED_VALUE } from '@routeros-mcp/domain-kernel';

/** Shorter values are ordinary words; masking them would garble every message. */
const MIN_LENGTH = 4;
/** Arguments nested deeper than this are refused elsewhere; the walk never follows them (no stack to exhaust). */
const MAX_DEPTH = 32;

/** The values a call's arguments give under secret names (a passphrase, a `psk` the tool does not take), at any depth. */
export function secretArgumentValues(raw: unknown): string[] {
  const found = new Set<string>();
  const stack: { value: unknown; depth: number; secret: boolean }[] = [{ value: raw, depth: 0, secret: false }];
  while (stack.length) {
    const { value, depth, secret } = stack.pop()!;
    if (typeof value === 'string' || typeof value === 'number') {
      if (secret && String(value).length >= MIN_LENGTH) found.add(String(value));
    } else if (value && typeof value === 'object' && depth < MAX_DEPTH) {
      for (const [key, item] of Object.entries(value)) stack.push({ value: item, depth: depth + 1, secret: secret || (!Array.isArray(value) && isSecretArgumentName(key)) });
    }
  }
  return [...found];
}

/** `value` with every occurrence of the given secrets in its strings replaced by `[redacted]`, at any depth. */
export function withoutSecretValues<T>(value: T, secrets: readonly string[], depth = 0): T {
  if (secrets.length === 0) return value;
  if (typeof value === 'string') return secrets.reduce((text, secret) => text.split(secret).join(REDACTED_VALUE), value as string) as T;
  if (!value || typeof value !== 'object' || depth >= MAX_DEPTH) return value;
  if (Array.isArray(value)) return value.map((item) => withoutSecretValues(item, secrets, depth + 1)) as T;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withoutSecretValues(item, secrets, depth + 1)])) as T;
}
