/** RouterOS ends an export line at 80 columns, the `\` that continues it included. */
export const EXPORT_WIDTH = 80;
const INDENT = '    ';

/**
 * The pieces a command may break between: after a space between `name=value` pairs, and after the `=` of a pair
 * whose value does not fit (`comment=\` then the value on the next line), as RouterOS's exports break them.
 * A quoted value is one piece, spaces and all; `[ find default-name=x ]` is one piece.
 */
function pieces(line: string): string[] {
  const out: string[] = [];
  let current = '';
  let quoted = false;
  let bracket = 0;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    current += ch;
    if (quoted) {
      if (ch === '\\') current += line[++i] ?? '';
      else if (ch === '"') quoted = false;
      continue;
    }
    if (ch === '"') quoted = true;
    else if (ch === '[') bracket++;
    else if (ch === ']') bracket--;
    else if (bracket === 0 && (ch === ' ' || (ch === '=' && line[i + 1] !== ' '))) {
      out.push(current);
      current = '';
    }
  }
  if (current) out.push(current);
  return out;
}

/**
 * Wraps one export command as RouterOS does: lines of at most 80 columns ending in `\`, continuation lines
 * indented by four spaces. Joining a line without its final `\` to the next without its indent gives the command
 * back exactly. A piece longer than a whole line (a long script `source`) is cut where the line ends, as
 * RouterOS cuts it; the `\` and new line inside a quoted value are a continuation the console drops on import.
 */
export function wrapExportLine(command: string, width = EXPORT_WIDTH): string[] {
  if (command.length <= width) return [command];
  const all = pieces(command);
  const lines: string[] = [];
  let line = '';
  // Room for a piece on the current line, the continuing `\` kept in; the last piece needs no `\` after it.
  const fits = (piece: string, last: boolean) => line.length + (last ? piece.trimEnd().length : piece.length + 1) <= width;
  all.forEach((whole, i) => {
    const last = i === all.length - 1;
    let piece = whole;
    if (line.trim() !== '' && !fits(piece, last)) {
      lines.push(`${line}\\`);
      line = INDENT;
    }
    while (!fits(piece, last)) {
      let cut = width - 1 - line.length;
      // Never between an escape's `\\` and the character it escapes: the line would end in an escaped `\\`.
      if (piece[cut - 1] === '\\') cut--;
      lines.push(`${line}${piece.slice(0, cut)}\\`);
      line = INDENT;
      piece = piece.slice(cut);
    }
    line += piece;
  });
  lines.push(line.trimEnd());
  return lines;
}
