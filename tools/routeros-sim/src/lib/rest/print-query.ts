export type Row = Record<string, string>;

/**
 * Evaluates RouterOS API query words (`.query` in REST print): `name=value`, `name` (has it), `-name` (lacks it),
 * `name<value`, `name>value`, and the stack operators `#|`, `#&`, `#!`, `#.`. The row matches when every value
 * left on the stack is true. Returns undefined for a malformed word (the caller answers 400).
 */
export function matchesQuery(row: Row, words: readonly string[]): boolean | undefined {
  const stack: boolean[] = [];
  for (const word of words) {
    if (word.startsWith('#')) {
      for (const op of word.slice(1)) {
        if (op === '!') {
          if (stack.length < 1) return undefined;
          stack.push(!stack.pop()!);
        } else if (op === '.') {
          if (stack.length < 1) return undefined;
          stack.push(stack[stack.length - 1]);
        } else if (op === '|' || op === '&') {
          if (stack.length < 2) return undefined;
          const b = stack.pop()!;
          const a = stack.pop()!;
          stack.push(op === '|' ? a || b : a && b);
        } else {
          return undefined;
        }
      }
      continue;
    }
    const m = /^(-?)([A-Za-z0-9.\-_]+)(?:([=<>])(.*))?$/s.exec(word);
    if (!m) return undefined;
    const [, negate, name, op, value] = m;
    const actual = row[name];
    if (negate) {
      if (op) return undefined;
      stack.push(actual === undefined);
    } else if (!op) {
      stack.push(actual !== undefined);
    } else if (op === '=') {
      stack.push((actual ?? '') === value);
    } else {
      const a = Number(actual);
      const b = Number(value);
      const numeric = actual !== undefined && !Number.isNaN(a) && !Number.isNaN(b);
      const cmp = numeric ? a - b : (actual ?? '').localeCompare(value);
      stack.push(op === '<' ? cmp < 0 : cmp > 0);
    }
  }
  return stack.every(Boolean);
}

/** Keeps only the listed properties (plus nothing else), keys sorted as RouterOS returns them. */
export function project(row: Row, proplist: readonly string[] | undefined): Row {
  const keys = (proplist ?? Object.keys(row)).filter((k) => row[k] !== undefined).sort();
  return Object.fromEntries(keys.map((k) => [k, row[k]]));
}

/** `.proplist` arrives as an array or a comma-separated string. */
export function parseProplist(value: unknown): string[] | undefined {
  if (value === undefined) return undefined;
  if (Array.isArray(value)) return value.map(String);
  return String(value).split(',').map((s) => s.trim()).filter(Boolean);
}
