import { displayText } from './composition';
import { Readable, Writable } from 'node:stream';

/** Everything the CLI touches outside itself, so specs can drive it and production wires the real process. */
export interface CliIo {
  stdout: Writable;
  stderr: Writable;
  stdin: Readable;
  /** True when a person is at a terminal who can answer prompts. */
  interactive: boolean;
  /** True when stdout is a terminal that shows colours (NO_COLOR and FORCE_COLOR still decide first). */
  color?: boolean;
  promptSecret(message: string): Promise<string>;
  confirm(message: string): Promise<boolean>;
}

/** Our own colours (SGR `ESC[…m`, from styleText) and line breaks: all a CLI line may hold besides visible text. */
// eslint-disable-next-line no-control-regex -- our colour codes are what is let through
const OURS_OR_UNSAFE = /\u001b\[[0-9;]*m|\n|[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/gu;

/**
 * The last line of defence before the terminal: any control, escape, bidi or zero-width character a renderer let
 * through is shown as a stand-in, except line breaks and colour codes, which renderers make themselves (text from
 * outside is escaped where it is rendered: see display.ts).
 */
export function terminalSafe(text: string): string {
  return text.replace(OURS_OR_UNSAFE, (found) => (found === '\n' || found.startsWith('\u001b[') ? found : displayText(found)));
}

export function write(stream: Writable, text: string): void {
  const safe = terminalSafe(text);
  stream.write(safe.endsWith('\n') ? safe : `${safe}\n`);
}
