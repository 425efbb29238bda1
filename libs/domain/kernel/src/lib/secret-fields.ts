/** Field names whose values are secrets wherever they appear (arguments, logs, errors). */
export const SECRET_FIELD_NAME = /pass(word|phrase)?|secret|token|authorization|private[_-]?key|master[_-]?key|api[_-]?key|cookie|credential|signature/i;

export function isSecretFieldName(name: string): boolean {
  return SECRET_FIELD_NAME.test(name);
}
