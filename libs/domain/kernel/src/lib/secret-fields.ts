/** Field names whose values are secrets wherever they appear (arguments, logs, errors). */
export const SECRET_FIELD_NAME = /pass(word|phrase)?|secret|token|authorization|private[_-]?key|master[_-]?key|api[_-]?key|cookie|credential|signature/i;

export function isSecretFieldName(name: string): boolean {
  return SECRET_FIELD_NAME.test(name);
}

/**
 * RouterOS properties that hold secrets, matched on the name's last part (`security.passphrase`, `ipsec-secret`,
 * `wpa2-pre-shared-key`, `tcp-md5-key`). Narrower than SECRET_FIELD_NAME on purpose: a device row must keep
 * `passthrough`, `public-key` and `ft-r0-key-lifetime`, which are not secrets.
 */
export const SECRET_ROUTEROS_PROPERTY =
  /(^|[.-])(passphrase|passwords?|secrets?|pre-?shared-key|private-key|psk|static-key-\d|static-sta-private-key|management-protection-key|authentication-key|auth-key|md5-key|wep-key)$/i;

export const REDACTED_VALUE = '[redacted]';

export function isSecretRouterOsProperty(name: string): boolean {
  return SECRET_ROUTEROS_PROPERTY.test(name);
}

/**
 * A device row with every non-empty secret property replaced by `[redacted]`: the model still sees that a secret
 * is set (or that it is empty), never its value. Returns the row itself when it holds no secret.
 */
export function redactRouterOsRow<T extends Record<string, unknown>>(row: T): T {
  let out: Record<string, unknown> | undefined;
  for (const [key, value] of Object.entries(row)) {
    if (value === '' || value === undefined || value === null || !isSecretRouterOsProperty(key)) continue;
    out ??= { ...row };
    out[key] = REDACTED_VALUE;
  }
  return (out ?? row) as T;
}
