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

export function write(stream: Writable, text: string): void {
  stream.write(text.endsWith('\n') ? text : `${text}\n`);
}
