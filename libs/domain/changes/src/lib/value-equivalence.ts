const BOOL: Readonly<Record<string, string>> = { yes: 'true', true: 'true', no: 'false', false: 'false' };

/**
 * Whether the value the device holds is the value that was written, allowing for how RouterOS normalises what it
 * stores: booleans echo as true/false, an address without a prefix becomes /32 (/128), lists lose spaces.
 */
export function sameValue(written: string, stored: string | undefined): boolean {
  if (stored === undefined) return false;
  if (written === stored) return true;
  if (BOOL[written] !== undefined && BOOL[written] === BOOL[stored]) return true;
  if (`${written}/32` === stored || `${written}/128` === stored) return true;
  const list = (v: string) => v.split(',').map((s) => s.trim()).join(',');
  return list(written) === list(stored);
}
