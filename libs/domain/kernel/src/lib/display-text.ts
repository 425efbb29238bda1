import { codePointName, displayAlteringCharacter } from './text';
import { ValidationError } from './validation.error';

/** Every character `displayText` escapes: the same classes as `displayAlteringCharacter` (Cc, Cf, Zl, Zp, Cs). */
const UNSAFE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/gu;

/** What JSON.stringify leaves raw of them: DEL, C1, format characters and the two separators (C0 and lone surrogates it escapes). */
const JSON_UNSAFE = /[\u007f-\u009f\p{Cf}\p{Zl}\p{Zp}]/gu;

/** A C0 control as its Unicode control picture (`␊`, `␛`: one column, no effect), DEL as `␡`, any other as `<U+XXXX>`. */
function visible(character: string): string {
  const code = character.codePointAt(0)!;
  if (code < 0x20) return String.fromCodePoint(0x2400 + code);
  if (code === 0x7f) return '\u2421';
  return `<${codePointName(character)}>`;
}

/**
 * Text from outside the service (a model's plan title or reason, a comment, a device's identity, an export line) as
 * it may be shown to a person on a terminal, in a log or a page: every control, escape, bidirectional, zero-width,
 * separator and lone-surrogate character replaced by a visible stand-in (`\n` → `␊`, ESC → `␛`, U+202E →
 * `<U+202E>`). The result is one line that cannot move the cursor, change colours, hide or reorder text. Idempotent.
 */
export function displayText(text: string): string {
  return text.replace(UNSAFE, visible);
}

/** `\uXXXX` for each UTF-16 unit (a pair for an astral character): still JSON, the same value once parsed. */
function jsonEscape(character: string): string {
  let out = '';
  for (let i = 0; i < character.length; i++) out += `\\u${character.charCodeAt(i).toString(16).padStart(4, '0')}`;
  return out;
}

/**
 * JSON text (JSON.stringify's, winston's) made safe on a terminal: the characters JSON leaves raw (DEL, C1 controls,
 * bidi and zero-width format characters, U+2028/U+2029) written as `\uXXXX` escapes. Outside strings JSON holds
 * none of them, so the text parses to the same value.
 */
export function displaySafeJsonText(json: string): string {
  return json.replace(JSON_UNSAFE, jsonEscape);
}

/** JSON.stringify whose output is safe on a terminal (see displaySafeJsonText). */
export function displayJson(value: unknown, space?: number): string {
  return displaySafeJsonText(JSON.stringify(value, undefined, space) ?? 'null');
}

/** Where a display-altering character sits in a value: the path to it, whether it is in a property name, and which. */
export interface DisplayAlteringFinding {
  path: (string | number)[];
  inKey: boolean;
  character: string;
}

/**
 * Which strings of a value may hold line breaks and tabs (a script's source), by their path in it; every other
 * display-altering character is refused there too.
 */
export type MultilineText = (path: readonly (string | number)[]) => boolean;

/**
 * The first string (or property name) in `value` that holds a display-altering character, depth first in property
 * order. Iterative, so a deeply nested value cannot exhaust the stack.
 */
export function findDisplayAltering(value: unknown, multiline?: MultilineText): DisplayAlteringFinding | undefined {
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value, path: [] }];
  const seen = new Set<object>();
  while (stack.length > 0) {
    const { value: current, path } = stack.pop()!;
    if (typeof current === 'string') {
      const character = displayAlteringCharacter(multiline?.(path) ? current.replace(/[\n\t]/g, ' ') : current);
      if (character) return { path, inKey: false, character };
      continue;
    }
    if (current === null || typeof current !== 'object' || seen.has(current)) continue;
    seen.add(current);
    const entries: [string | number, unknown][] = Array.isArray(current) ? current.map((item, i) => [i, item]) : Object.entries(current);
    for (const [key] of entries) {
      const character = typeof key === 'string' ? displayAlteringCharacter(key) : undefined;
      if (character) return { path, inKey: true, character };
    }
    // Reversed onto the stack, so the first entry is looked at first.
    for (let i = entries.length - 1; i >= 0; i--) stack.push({ value: entries[i][1], path: [...path, entries[i][0]] });
  }
  return undefined;
}

/** The refusal of a display-altering character: one sentence naming it, never the text around it. */
export function displayAlteringMessage(character: string, inKey = false): string {
  return `${inKey ? 'a property name ' : ''}must not contain control, invisible or direction-changing characters (found ${character})`;
}

/** Refuses text (a title, a reason, a comment, a name) holding a display-altering character, naming the field and the character. */
export function refuseDisplayAltering(text: string | undefined, field: string): void {
  const character = text === undefined ? undefined : displayAlteringCharacter(text);
  if (character) throw ValidationError.single(field, displayAlteringMessage(character));
}

/** Refuses a value (a plan change, tool arguments) holding a display-altering character in any string or property name. */
export function refuseDisplayAlteringIn(value: unknown, field = '', multiline?: MultilineText): void {
  const found = findDisplayAltering(value, multiline);
  if (!found) return;
  const at = [field, ...found.path].filter((part) => part !== '').join('.') || '(value)';
  throw ValidationError.single(at, displayAlteringMessage(found.character, found.inKey));
}
