import { ValidationError } from '@routeros-mcp/domain-kernel';
import type { Row } from '../../row-operation';

export const LEASE_MENU = 'ip/dhcp-server/lease';
export const SERVER_MENU = 'ip/dhcp-server';

/** `AA:BB:CC:DD:EE:FF`, `aa-bb-…` or `aabbccddeeff`, as RouterOS prints a MAC: upper case with colons. */
export function normalizeMac(value: string, field = 'mac-address'): string {
  // One separator throughout: colons, dashes, Cisco's dotted quads, or none.
  if (!/^[0-9a-f]{2}([:-])[0-9a-f]{2}(\1[0-9a-f]{2}){4}$|^[0-9a-f]{12}$|^[0-9a-f]{4}\.[0-9a-f]{4}\.[0-9a-f]{4}$/i.test(value)) {
    throw ValidationError.single(field, `'${value}' is not a MAC address (AA:BB:CC:DD:EE:FF)`);
  }
  return value.replace(/[:.-]/g, '').toUpperCase().match(/../g)!.join(':');
}

export const leaseMac = (row: Row): string => (row['mac-address'] ?? '').toUpperCase();
