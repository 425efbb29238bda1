import ipaddr from 'ipaddr.js';
import { z } from 'zod';

/** A host name as RFC 1123 allows it: dot-separated labels of letters, digits and inner dashes, not all digits. */
const HOST_NAME = /^(?=.{1,253}$)(?!\d+(\.\d+)*$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/i;

/** A dotted-quad IPv4 address or an IPv6 address; ipaddr.js alone would also take `1` or `0x7f.1`. */
const isAddress = (v: string) => ipaddr.IPv4.isValidFourPartDecimal(v) || (v.includes(':') && ipaddr.IPv6.isValid(v));

/** An IP address or a host name (one rule for both, so `my-router` and `gw` pass like `example.com`). */
export const TargetHostSchema = z
  .string()
  .max(253)
  .refine((v) => isAddress(v) || HOST_NAME.test(v), 'an IPv4 or IPv6 address, or a host name (letters, digits, dashes, dots)')
  .describe('IP address or host name');
