import { ROUTEROS_NOT_SECRET_PROPERTIES, ROUTEROS_SECRET_PROPERTIES } from './routeros-secret-properties';

/** Field names whose values are secrets wherever they appear (arguments, logs, errors). */
export const SECRET_FIELD_NAME = /pass(word|phrase)?|secret|token|authorization|private[_-]?key|master[_-]?key|api[_-]?key|cookie|credential|signature/i;

export function isSecretFieldName(name: string): boolean {
  return SECRET_FIELD_NAME.test(name);
}

const SECRET_NAMES = new Set(ROUTEROS_SECRET_PROPERTIES);
const NOT_SECRET_NAMES = new Set(ROUTEROS_NOT_SECRET_PROPERTIES);

/**
 * The shape of a secret's name in a package neither the vendored trees nor the documented list know (a future
 * `sae-password`, `foo-key-2`): such a name is redacted until the generated list decides it.
 */
export const SECRET_ROUTEROS_PROPERTY = /(^|[.-])(passwords?|passphrases?|secrets?|psk|pin|cookie)$|(^|-)key(-\d+)?$/i;

export const REDACTED_VALUE = '[redacted]';

/** What a record keeps of an argument the call's tool or plan topic does not take: its name, never its value. */
export const NOT_KEPT_VALUE = '[unknown argument: not kept]';

/**
 * RouterOS secret names that this product's own arguments use for something else: a `firewall_rules` plan names the
 * rule it manages by `key` (the rule's comment is `mcp:<key>`). Where `key` holds a secret in RouterOS (RIP keys,
 * DNS-update TSIG keys) the device's rows are still redacted; an argument no tool or topic takes is not kept at all.
 */
const OWN_NON_SECRET_ARGUMENTS = new Set(['key']);

/**
 * Whether a RouterOS property holds a secret: its name or the name's last dotted part (`security.passphrase`) is one
 * of RouterOS's secret properties (generated from its command trees, see routeros-secret-properties.ts), or, unless
 * the list calls it a false friend (`public-key`, `key-size`, `passthrough`), it is shaped like one. Narrower than
 * SECRET_FIELD_NAME on purpose: a device row must keep `passthrough` and `ft-r0-key-lifetime`, which are not secrets.
 */
export function isSecretRouterOsProperty(name: string): boolean {
  const lower = name.toLowerCase();
  const last = lower.slice(lower.lastIndexOf('.') + 1);
  if (SECRET_NAMES.has(lower) || SECRET_NAMES.has(last)) return true;
  if (NOT_SECRET_NAMES.has(last)) return false;
  return SECRET_ROUTEROS_PROPERTY.test(last);
}

/**
 * Whether an argument of a call (any depth) holds a secret: a secret-looking name (password, token, …) or one of
 * RouterOS's secret properties (`wpa2-pre-shared-key`, `psk`, `security.passphrase`, …), except the few names this
 * product's own arguments give another meaning (OWN_NON_SECRET_ARGUMENTS).
 */
export function isSecretArgumentName(name: string): boolean {
  return isSecretFieldName(name) || (isSecretRouterOsProperty(name) && !OWN_NON_SECRET_ARGUMENTS.has(name));
}

/**
 * Properties secret in one menu only, whose names mean nothing secret elsewhere: a file's `contents` may be a
 * private key or an export made with `show-sensitive`.
 */
export const MENU_SECRET_PROPERTIES: Readonly<Record<string, readonly string[]>> = { file: ['contents'] };

/**
 * A device row with every non-empty secret property replaced by `[redacted]`: the model still sees that a secret
 * is set (or that it is empty), never its value. Returns the row itself when it holds no secret.
 */
export function redactRouterOsRow<T extends Record<string, unknown>>(row: T, menu?: string): T {
  const ofMenu = menu === undefined ? undefined : MENU_SECRET_PROPERTIES[menu];
  let out: Record<string, unknown> | undefined;
  for (const [key, value] of Object.entries(row)) {
    if (value === '' || value === undefined || value === null || !(isSecretRouterOsProperty(key) || ofMenu?.includes(key))) continue;
    out ??= { ...row };
    out[key] = REDACTED_VALUE;
  }
  return (out ?? row) as T;
}
