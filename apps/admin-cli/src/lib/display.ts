import { displayText } from './composition';
import stringWidth from 'string-width';

/**
 * How text from outside the service reaches this CLI's output. A model writes plan titles, reasons and comments; a
 * device holds identities, comments and error messages; none of it may move the cursor, change colours, hide text
 * or start a line of its own. Renderers pass every such value through one of these; `write` escapes what is left.
 */

/** Outside text within a line of ours: one line, every control, escape and bidi character shown as a stand-in. */
export function shown(text: string | number | undefined | null): string {
  return displayText(text === undefined || text === null ? '' : String(text));
}

/** Text a model wrote, inline: escaped and in double quotes, so it reads as a value, never as part of the screen. */
export function quoted(text: string): string {
  return JSON.stringify(displayText(text));
}

/** Starts every folded continuation: no line of ours starts with it. */
export const CONTINUATION = '  ↪ ';

/** The columns a review screen is folded to off a terminal (a pipe, a pager, a file read later): an 80-column terminal's. */
export const REVIEW_WIDTH = 78;

/** The width to fold to on `stream` (a Writable): a terminal's own columns, else REVIEW_WIDTH. */
export function reviewWidth(stream: object): number {
  const terminal = stream as { isTTY?: boolean; columns?: number };
  const columns = terminal.isTTY ? terminal.columns : undefined;
  return columns && columns >= 20 ? columns : REVIEW_WIDTH;
}

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * `text` (escaped) in lines of at most `width` columns, the first after `first`, the others after `next`, broken at
 * a space where one is near. A terminal then never wraps a line itself, so no outside text reaches the first column
 * of a screen line, where it could pass for a heading or a line of a diff.
 */
export function fold(text: string, width: number, first = '', next = CONTINUATION): string[] {
  const lines: string[] = [];
  let prefix = first;
  let line = '';
  for (const { segment } of graphemes.segment(displayText(text))) {
    if (line !== '' && stringWidth(prefix + line + segment) > width) {
      // Break after the last space of the line's second half; else where the width ends.
      const space = line.lastIndexOf(' ');
      const cut = space > line.length / 2 ? space : line.length;
      lines.push(prefix + line.slice(0, cut));
      line = line.slice(cut).replace(/^ /, '');
      prefix = next;
    }
    line += segment;
  }
  lines.push(prefix + line);
  return lines;
}

/** At most `columns` columns of `text` (escaped), a cut marked with `…`. */
export function clipped(text: string, columns: number): string {
  const [head, ...rest] = fold(text, columns - 1, '', '');
  return rest.length ? `${head}…` : head;
}
