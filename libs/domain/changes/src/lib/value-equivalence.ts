const BOOL: Readonly<Record<string, string>> = { yes: 'true', true: 'true', no: 'false', false: 'false' };

/**
 * Whether the value the device holds is the value that was written, allowing for how RouterOS normalises what it
 * stores: booleans echo as true/false, an address without a prefix becomes /32 (/128), lists lose spaces, and a
 * property set to "" (a cleared comment) is left out of what it prints.
 */
export function sameValue(written: string, stored: string | undefined): boolean {
  if (stored === undefined) return written === '';
  if (written === stored) return true;
  if (BOOL[written] !== undefined && BOOL[written] === BOOL[stored]) return true;
  if (`${written}/32` === stored || `${written}/128` === stored) return true;
  const list = (v: string) => v.split(',').map((s) => s.trim()).join(',');
  if (list(written) === list(stored)) return true;
  return samePolicy(written, stored);
}

/**
 * A policy list (`/user/group policy=read,api`): RouterOS stores it in its own order with every policy not granted
 * negated (`read,api,!local,!telnet,…`), so it holds what was written when it grants exactly the policies written
 * and denies the ones written negated.
 */
function samePolicy(written: string, stored: string): boolean {
  const items = (v: string) => v.split(',').map((s) => s.trim()).filter(Boolean);
  if (!items(stored).some((p) => p.startsWith('!'))) return false;
  const granted = (v: string) => new Set(items(v).filter((p) => !p.startsWith('!')));
  const [want, have] = [granted(written), granted(stored)];
  return want.size === have.size && [...want].every((p) => have.has(p)) && items(written).filter((p) => p.startsWith('!')).every((p) => !have.has(p.slice(1)));
}

/** Properties RouterOS takes but never prints (a user's password): a write of them cannot be read back. */
const WRITE_ONLY: Readonly<Record<string, readonly string[]>> = { user: ['password'] };

/** Whether `name` in `menu` is never read back, so a write of it is held whatever a read shows. */
export function isWriteOnly(menu: string, name: string): boolean {
  return WRITE_ONLY[menu]?.includes(name) ?? false;
}

/** Properties the device counts down once written (an address-list entry's `timeout` shows the time it has left). */
const COUNTDOWN: Readonly<Record<string, readonly string[]>> = { 'ip/firewall/address-list': ['timeout'], 'ipv6/firewall/address-list': ['timeout'] };

/** Whether `name` in `menu` is held as written when it is there at all: a countdown is never read back as written. */
export function isCountdown(menu: string, name: string): boolean {
  return COUNTDOWN[menu]?.includes(name) ?? false;
}
