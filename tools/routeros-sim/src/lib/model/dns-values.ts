import { U32 } from './value-bounds';
import type { ArgContext } from './arg-rules';
import { numRule as num, refRule as ref, ruleOf, SourcedRule } from './value-rule-builders';

/**
 * Value syntax of the curated DNS menus (`/ip/dns`, `/ip/dns/static`) that neither the tree nor a curated rule
 * describes, from MikroTik's DNS page and the menus' CLI reference. Left free (docs/simulator.md): the static entry's
 * `forward-to` (an address, a host name or a forwarder's name: any text).
 */
const DNS = 'https://help.mikrotik.com/docs/spaces/ROS/pages/37748767/DNS';
const CLI = 'https://manual.mikrotik.com/docs/cli-reference/ip/dns';
type Rule = SourcedRule;
// A `num` with no range (the CLI reference; the page: `integer`) is U32, the bound chosen as for the other tables.

/** `cache-size`: `integer[64..4294967295]` KiB (the page); RouterOS prints it with its unit (`2048KiB`), and takes it so. */
const cacheSize: Rule = ruleOf({ kind: 'kib', min: 64, max: U32, source: DNS });

export const DNS_VALUES: Record<string, Record<string, Rule>> = {
  'ip/dns': {
    'cache-size': cacheSize,
    'max-udp-packet-size': ruleOf({ kind: 'integer', min: 50, max: 65507, source: DNS }),
    'max-concurrent-queries': num(DNS),
    'max-concurrent-tcp-sessions': num(DNS),
    'doh-max-concurrent-queries': num(DNS),
    'doh-max-server-connections': num(DNS),
    // Interfaces by name (`multi { iface_enum }`); a VRF by name, default `main`.
    'mdns-repeat-ifaces': ref({ menus: ['interface'], list: true, noun: 'interface' }, `${CLI}.md`),
    vrf: ref({ menus: ['ip/vrf'], keywords: ['main'] }, `${CLI}.md`),
  },
  'ip/dns/static': {
    'mx-preference': num(`${DNS} ${CLI}/static.md`),
    'srv-priority': num(`${DNS} ${CLI}/static.md`),
    'srv-weight': num(`${DNS} ${CLI}/static.md`),
    'srv-port': num(`${DNS} ${CLI}/static.md`),
  },
};

/** The rule's stored form for a curated DNS menu's argument, or undefined when no rule here covers it. */
export function dnsValue(key: string, value: string, ctx: ArgContext): string | undefined {
  return DNS_VALUES[ctx.path]?.[key]?.check(key, value, ctx);
}
