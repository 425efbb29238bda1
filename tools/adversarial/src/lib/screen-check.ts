/** Characters that change what a terminal shows without being shown: C0/C1 controls but newline, bidi and zero-width. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const HIDDEN = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/u;

/**
 * What is wrong with `output` as a screen a person trusts: raw control or bidi characters (which can hide, recolour
 * or reorder the real text), or a line that starts with one of the `forged` texts (which a model wrote to pass for
 * the tool's own structure). Empty when the screen is honest.
 */
export function screenProblems(output: string, forged: readonly string[]): string[] {
  const problems: string[] = [];
  const hidden = HIDDEN.exec(output);
  if (hidden) problems.push(`raw U+${hidden[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')} on screen`);
  for (const line of output.split('\n')) {
    const fake = forged.find((f) => line.trimStart().startsWith(f));
    if (fake) problems.push(`a line passes for "${fake}"`);
  }
  return problems;
}
