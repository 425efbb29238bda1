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
  return list(written) === list(stored);
}

/** Properties the device counts down once written (an address-list entry's `timeout` shows the time it has left). */
const COUNTDOWN: Readonly<Record<string, readonly string[]>> = { 'ip/firewall/address-list': ['timeout'], 'ipv6/firewall/address-list': ['timeout'] };

/** Whether `name` in `menu` is held as written when it is there at all: a countdown is never read back as written. */
export function isCountdown(menu: string, name: string): boolean {
  return COUNTDOWN[menu]?.includes(name) ?? false;
}
