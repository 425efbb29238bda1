/** True when the text holds ASCII control characters (line breaks, escapes, NUL): unsafe in tables, logs and prompts. */
export function hasControlCharacters(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

/**
 * Characters that change how text is displayed without being seen: controls (Cc), format characters (Cf: the
 * bidirectional overrides and isolates U+202A–U+202E and U+2066–U+2069, zero-width U+200B–U+200F, U+2060,
 * U+FEFF…) and line/paragraph separators. In an operator-visible name they let one name pass for another.
 */
const DISPLAY_ALTERING = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;

/** The first display-altering character in `text` as `U+XXXX`, or undefined when there is none. */
export function displayAlteringCharacter(text: string): string | undefined {
  const found = DISPLAY_ALTERING.exec(text)?.[0];
  return found === undefined ? undefined : `U+${found.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
}

/** Cuts `text` to at most `max` characters, marking the cut with an ellipsis. */
export function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
