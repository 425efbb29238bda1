import { z } from 'zod';

/**
 * Argument schemas the write tools share. No descriptions where the name says it: every one is listed in
 * tools/list for each tool that takes it. Patterns and lengths are enforced but not listed (compact-schema).
 */
const Text = (max: number) => z.string().max(max).regex(/^\P{Cc}*$/u, 'no control characters');

export const NameArg = Text(64).min(1);
export const CommentArg = Text(255);
export const Ipv4Arg = z.string().max(31).regex(/^[\d./-]+$/, 'an IPv4 address, prefix or range');
/** A RouterOS internal id as the list tools show it (`*1A`). */
export const RowIdArg = z.string().regex(/^\*[0-9A-Fa-f]{1,8}$/, 'a RouterOS .id such as *1A');
export const MacArg = z.string().max(17).regex(/^[0-9A-Fa-f:.-]{12,17}$/, 'a MAC address');
