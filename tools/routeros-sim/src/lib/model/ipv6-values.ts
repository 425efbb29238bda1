import ipaddr from 'ipaddr.js';
import type { Row } from '../rest/print-query';
import { invalidArg } from './arg-rules';
import { checkTreeValue } from './tree-rules';
import { strictBool } from './menu-values';

/** Shared by the IPv6 menus (model/ipv6.ts): prefixes, interfaces, and values the trees leave open. */

/** An interface that exists, is enabled and has its link up. */
export const interfaceRunning = (interfaces: Row[], name: string | undefined) =>
  interfaces.some((i) => i['name'] === name && i['disabled'] !== 'true' && i['.link'] !== 'down');

/** A yes/no argument only newer trees have (7.20), so it cannot be one of the menu's `bools` (checked on 7.15 too). */
export const newerBool = strictBool;

export type Ctx = { command: 'add' | 'set'; version: string; rowsOf(path: string): Row[] };

/** `2001:db8::/32` → its network and length; undefined when it is not an IPv6 prefix (a bare address is a /128). */
export function ipv6Prefix(text: string): { network: string; bits: number } | undefined {
  const [host, bits, extra] = text.split('/');
  if (extra !== undefined || !ipaddr.IPv6.isValid(host) || (bits !== undefined && (!/^\d{1,3}$/.test(bits) || Number(bits) > 128))) return undefined;
  const length = bits === undefined ? 128 : Number(bits);
  return { network: ipaddr.IPv6.networkAddressFromCIDR(`${host}/${length}`).toString(), bits: length };
}

/** A prefix as RouterOS stores it: its network (`2001:db8::1/64` → `2001:db8::/64`). */
export function storedPrefix(key: string, value: string): string {
  const prefix = ipv6Prefix(value);
  if (!prefix) throw invalidArg(key);
  return `${prefix.network}/${prefix.bits}`;
}

/** `unspecified`, `none` or a word the tree does not list, otherwise the tree's description of the value. */
export const orWord = (word: string, key: string, value: string, ctx: Ctx, path: string) => (value === word ? value : checkTreeValue(ctx.version, path, ctx.command, key, value));
