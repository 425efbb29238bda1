import type { Row } from '../rest/print-query';
import { RestError } from '../rest/rest-error';
import { outOfRangeText } from './arg-rules';
import type { MenuSpec } from './menu-spec';

/**
 * `/user/settings` (MikroTik manual, User: "User Settings"; both vendored trees, 7.15.3 and 7.20.5, have it):
 * `minimum-password-length` (0..4294967295) and `minimum-categories` (0..4, of uppercase, lowercase, digit, symbol).
 * A fresh RouterOS exports `set minimum-categories=0 minimum-password-length=0` with `verbose`: nothing is required.
 */
export const USER_SETTINGS_FACTORY: Readonly<Row> = { 'minimum-categories': '0', 'minimum-password-length': '0' };

const RANGES: Record<string, number> = { 'minimum-password-length': 4294967295, 'minimum-categories': 4 };

/** The seeded `/user/settings` row (the factory values). */
export function userSettingsSeed(): Record<string, Row[]> {
  return { 'user/settings': [{ ...USER_SETTINGS_FACTORY }] };
}

/** A whole number within the manual's range, stored without leading zeros; the integer ranges' wording otherwise. */
function settingsArg(key: string, value: string): string | undefined {
  const max = RANGES[key];
  if (max === undefined) return undefined;
  if (!/^\d+$/.test(value)) throw new RestError(400, `invalid value for argument ${key}`);
  if (Number(value) > max) throw outOfRangeText(key, `0..${max}`);
  return String(Number(value));
}

/** How many of the manual's four categories `password` draws from: uppercase, lowercase, digit, symbol (anything else). */
export function passwordCategories(password: string): number {
  const chars = [...password];
  return [/^[A-Z]$/, /^[a-z]$/, /^[0-9]$/].filter((re) => chars.some((c) => re.test(c))).length + (chars.some((c) => !/^[A-Za-z0-9]$/.test(c)) ? 1 : 0);
}

/**
 * Why `/user/settings` refuses `password`, or undefined. Length counts characters, not bytes (the manual: a
 * "character length"). RouterOS's refusal texts are not documented: chosen (docs/simulator.md), and they never
 * carry the password.
 */
export function passwordRefusal(password: string, settings: Row | undefined): string | undefined {
  const length = Number(settings?.['minimum-password-length'] ?? 0);
  const categories = Number(settings?.['minimum-categories'] ?? 0);
  if ([...password].length < length) return `failure: password must be at least ${length} characters long`;
  if (passwordCategories(password) < categories) return `failure: password must contain at least ${categories} of: uppercase, lowercase, digit, symbol`;
  return undefined;
}

/** `password` as `/user add|set` stores it, or RouterOS's refusal when it breaks `/user/settings`. */
export function checkedPassword(password: string, rowsOf: (path: string) => Row[]): string {
  const refusal = passwordRefusal(password, rowsOf('user/settings')[0]);
  if (refusal) throw new RestError(400, refusal);
  return password;
}

export const USER_SETTINGS_MENU: MenuSpec = {
  path: 'user/settings', kind: 'singleton', writable: true, factory: USER_SETTINGS_FACTORY,
  argRule: (key, value) => settingsArg(key, value),
};

/**
 * `/password old-password= new-password= confirm-new-password=` (MikroTik manual, User: "Change a password"): the
 * user running it changes its own password. The old one must be its current password (`oldMatches`, empty for a
 * blank one), the new one typed twice the same, and within `/user/settings`. Returns the new password.
 * Missing arguments and the refusal texts are chosen (docs/simulator.md): RouterOS asks for them interactively, and
 * its texts are not documented.
 */
export function newPassword(body: Record<string, unknown>, oldMatches: (old: string) => boolean, rowsOf: (path: string) => Row[]): string {
  for (const key of ['old-password', 'new-password', 'confirm-new-password']) if (body[key] === undefined) throw new RestError(400, `missing value for ${key}`);
  if (!oldMatches(String(body['old-password']))) throw new RestError(400, 'failure: old password is not valid');
  const password = String(body['new-password']);
  if (password !== String(body['confirm-new-password'])) throw new RestError(400, 'failure: new passwords do not match');
  return checkedPassword(password, rowsOf);
}
