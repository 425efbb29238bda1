import { z } from 'zod';

/**
 * Argument schemas the write tools share; each tool describes them where it uses them (an address means another
 * thing to a route than to a lease). Patterns and lengths are enforced but not listed (compact-schema).
 */
const Text = (max: number) => z.string().max(max).regex(/^\P{Cc}*$/u, 'no control characters');

export const NameArg = Text(64).min(1);
export const CommentArg = Text(255);
export const Ipv4Arg = z.string().max(31).regex(/^[\d./-]+$/, 'an IPv4 address, prefix or range');
/** A RouterOS internal id as the list tools show it (`*1A`). */
export const RowIdArg = z.string().regex(/^\*[0-9A-Fa-f]{1,8}$/, 'a RouterOS .id such as *1A');
/** An IPv4 or IPv6 address; one message for both (zod's union alone says only "Invalid input"). */
export const IpAddressArg = z.union([z.ipv4(), z.ipv6()], { error: 'an IPv4 or IPv6 address' });
export const MacArg = z.string().max(17).regex(/^[0-9A-Fa-f:.-]{12,17}$/, 'a MAC address');
