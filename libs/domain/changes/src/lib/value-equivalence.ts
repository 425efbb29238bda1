const BOOL: Readonly<Record<string, string>> = { yes: 'true', true: 'true', no: 'false', false: 'false' };

/**
 * Whether the value the device holds is the value that was written, allowing for how RouterOS normalises what it
 * stores: booleans echo as true/false, an address without a prefix becomes /32 (/128), lists lose spaces, and a
 * property set to "" (a cleared comment) is left out of what it prints, and a permission list (`policy`) prints the
 * granted names in its own order followed by every other one negated.
 */
export function sameValue(written: string, stored: string | undefined): boolean {
  if (stored === undefined) return written === '';
  if (written === stored) return true;
  if (BOOL[written] !== undefined && BOOL[written] === BOOL[stored]) return true;
  if (`${written}/32` === stored || `${written}/128` === stored) return true;
  const list = (v: string) => v.split(',').map((s) => s.trim());
  return list(written).join(',') === list(stored).join(',') || samePermissions(list(written), list(stored));
}

/**
 * `read,ssh` held as `ssh,read,!local,!write,…`: the same names granted, whatever the order, and every name the
 * device shows negated either negated or left out in what was written. Only a stored list that negates names
 * (RouterOS's form of a permission list) is read this way.
 */
function samePermissions(written: string[], stored: string[]): boolean {
  if (!stored.some((n) => n.startsWith('!'))) return false;
  const granted = (names: string[]) => new Set(names.filter((n) => !n.startsWith('!')));
  const [want, held] = [granted(written), granted(stored)];
  return want.size === held.size && [...want].every((n) => held.has(n)) && written.every((n) => !n.startsWith('!') || !held.has(n.slice(1)));
}

/** Properties the device counts down once written (an address-list entry's `timeout` shows the time it has left). */
const COUNTDOWN: Readonly<Record<string, readonly string[]>> = { 'ip/firewall/address-list': ['timeout'], 'ipv6/firewall/address-list': ['timeout'] };

/** Whether `name` in `menu` is held as written when it is there at all: a countdown is never read back as written. */
export function isCountdown(menu: string, name: string): boolean {
  return COUNTDOWN[menu]?.includes(name) ?? false;
}

/** Properties RouterOS takes but never prints, in no menu, export or API answer: a user's password. */
const WRITE_ONLY: Readonly<Record<string, readonly string[]>> = { user: ['password'] };

/** Whether `name` in `menu` is never read back: what was written cannot be compared, nor an old value restored. */
export function isWriteOnly(menu: string, name: string): boolean {
  return WRITE_ONLY[menu]?.includes(name) ?? false;
}
