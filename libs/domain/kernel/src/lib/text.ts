/** True when the text holds ASCII control characters (line breaks, escapes, NUL): unsafe in tables, logs and prompts. */
export function hasControlCharacters(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

/**
 * Characters that change how text is displayed without being seen: controls (Cc: C0 with the escape, DEL, C1),
 * format characters (Cf: the bidirectional overrides and isolates U+202A–U+202E and U+2066–U+2069, zero-width
 * U+200B–U+200F, U+2060, U+FEFF…), line/paragraph separators and lone surrogates (Cs). In an operator-visible name
 * they let one name pass for another; on a terminal they move the cursor, hide text or fake a line.
 */
const DISPLAY_ALTERING = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/u;

/** `U+001B`, `U+202E`, `U+1F680`: a character named by its code point. */
export function codePointName(character: string): string {
  return `U+${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
}

/** The first display-altering character in `text` as `U+XXXX`, or undefined when there is none. */
export function displayAlteringCharacter(text: string): string | undefined {
  const found = DISPLAY_ALTERING.exec(text)?.[0];
  return found === undefined ? undefined : codePointName(found);
}

/** Cuts `text` to at most `max` characters, marking the cut with an ellipsis. */
export function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
