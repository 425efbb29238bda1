import { ValidationError } from '@routeros-mcp/domain-kernel';
import type { Row } from '../../row-operation';

export const LEASE_MENU = 'ip/dhcp-server/lease';
export const SERVER_MENU = 'ip/dhcp-server';

/** `AA:BB:CC:DD:EE:FF`, `aa-bb-…` or `aabbccddeeff`, as RouterOS prints a MAC: upper case with colons. */
export function normalizeMac(value: string, field = 'mac-address'): string {
  const hex = value.replace(/[:.-]/g, '');
  if (!/^[0-9a-fA-F]{12}$/.test(hex) || !/^[0-9a-fA-F]{2}([:-]?[0-9a-fA-F]{2}){5}$|^[0-9a-fA-F]{4}(\.[0-9a-fA-F]{4}){2}$/.test(value)) {
    throw ValidationError.single(field, `'${value}' is not a MAC address (AA:BB:CC:DD:EE:FF)`);
  }
  return hex.toUpperCase().match(/../g)!.join(':');
}

export const leaseMac = (row: Row): string => (row['mac-address'] ?? '').toUpperCase();
