import { U32 } from './value-bounds';
import type { ArgContext } from './arg-rules';
import { invalidArg, numberIn } from './arg-rules';
import { checkRef, RefRule } from './generic-refs';
import { boolRule, refRule, ruleOf, SourcedRule } from './value-rule-builders';
import { BUILTIN_QUEUE_TYPES } from './queue-types';

/**
 * Value syntax of the curated DHCP menus' arguments (`/ip/dhcp-server`, its `lease` and `network`, `/ipv6/dhcp-server`,
 * `/ipv6/dhcp-client`) that neither the tree nor a curated rule describes, read from MikroTik's DHCP manual page and
 * the menus' CLI reference (manual.mikrotik.com, `source` of each rule).
 */

export const DHCP = 'https://help.mikrotik.com/docs/spaces/ROS/pages/24805500/DHCP';
const CLI = 'https://manual.mikrotik.com/docs/cli-reference';
const SERVER = `${CLI}/ip/dhcp-server.md`;
const LEASE = `${CLI}/ip/dhcp-server/lease.md`;
const NETWORK = `${CLI}/ip/dhcp-server/network.md`;
const SERVER6 = `${CLI}/ipv6/dhcp-server.md`;
const CLIENT6 = `${CLI}/ipv6/dhcp-client.md`;
type Rule = SourcedRule;

// The shared builders (model/value-rule-builders.ts), the DHCP page the source unless another is named.
const word = (values: string[], source = DHCP) => ruleOf({ kind: 'enum', values, source });
const integer = (min: number, max: number, keywords?: string[], source = DHCP) => ruleOf({ kind: 'integer', min, max, keywords, source });
const bool = (source = DHCP) => boolRule(source);
const ref = (rule: RefRule, source = DHCP) => refRule(rule, source);

/** `dhcp-option`: options of the option list, by name (a comma list, as the page's "options from option list"). */
const OPTIONS = ref({ menus: ['ip/dhcp-server/option'], list: true });
/** DHCPv6 `dhcp-option`: options or option sets by name (CLI reference: `alt { option, option-set }`, a list). */
const OPTIONS6 = (source: string) => ref({ menus: ['ipv6/dhcp-server/option', 'ipv6/dhcp-server/option/sets'], list: true }, source);
/** `dhcp-option-set`: a set of the option sets menu, or `none` (the page; the CLI reference: `enum (none)`). */
const OPTION_SET = ref({ menus: ['ip/dhcp-server/option/sets'], keywords: ['none'] });
/**
 * Where dynamic simple queues go: `first`, `bottom` or before the named queue; under `none` or a parent queue. A
 * simple queue's parent is a simple queue (Queues page), so both name /queue/simple rows.
 */
const QUEUE_BEFORE = (source: string) => ref({ menus: ['queue/simple'], keywords: ['bottom', 'first'] }, source);
const QUEUE_PARENT = (source: string) => ref({ menus: ['queue/simple'], keywords: ['none'] }, source);
/** A lease's or binding's `queue-type`: a built-in type (the page lists them) or one of /queue/type. */
const QUEUE_TYPE = (source: string) => ref({ menus: ['queue/type'], keywords: BUILTIN_QUEUE_TYPES }, source);

export const DHCP_VALUES: Record<string, Record<string, Rule>> = {
  'ip/dhcp-server': {
    authoritative: word(['after-10sec-delay', 'after-2sec-delay', 'no', 'yes']),
    // `enum (no | yes | accounting)`: a word, not a yes/no (RouterOS prints it as written, `accounting` included).
    'use-radius': word(['accounting', 'no', 'yes'], SERVER),
    'bootp-support': word(['dynamic', 'none', 'static']),
    'client-mac-limit': integer(0, U32, ['unlimited']), // `integer | unlimited`, no range
    'conflict-detection': bool(),
    'allow-dual-stack-queue': bool(),
    'use-framed-as-classless': bool(),
    'use-reconfigure': bool(SERVER), // 7.20
    'dhcp-option-set': OPTION_SET,
    'insert-queue-before': QUEUE_BEFORE(SERVER),
    'parent-queue': QUEUE_PARENT(SERVER),
  },
  'ip/dhcp-server/lease': {
    'allow-dual-stack-queue': bool(),
    'always-broadcast': bool(),
    'use-src-mac': bool(),
    'dhcp-option': OPTIONS,
    'dhcp-option-set': OPTION_SET,
    'queue-type': QUEUE_TYPE(`${DHCP} ${LEASE}`),
    'insert-queue-before': QUEUE_BEFORE(LEASE),
    'parent-queue': QUEUE_PARENT(LEASE),
  },
  'ip/dhcp-server/network': {
    netmask: integer(0, 32),
    'dns-none': bool(),
    'ntp-none': bool(NETWORK), // 7.20
    'dhcp-option': OPTIONS,
    'dhcp-option-set': ref({ menus: ['ip/dhcp-server/option/sets'], keywords: ['none'] }, NETWORK),
  },
  'ipv6/dhcp-server': { 'dhcp-option': OPTIONS6(SERVER6), 'insert-queue-before': QUEUE_BEFORE(SERVER6), 'parent-queue': QUEUE_PARENT(SERVER6) },
  'ipv6/dhcp-client': {
    'check-gateway': word(['arp', 'bfd', 'none', 'ping'], CLIENT6),
    // IAIDs are `num` (32 bits, as the binding's `iaid 0..4294967295` on the DHCP page).
    'custom-iana-id': integer(0, U32, undefined, CLIENT6),
    'custom-iapd-id': integer(0, U32, undefined, CLIENT6),
    // Options of /ipv6/dhcp-client/option by name; `fqdn` is the predefined one (the CLI reference).
    'dhcp-options': ref({ menus: ['ipv6/dhcp-client/option'], keywords: ['fqdn'], list: true }, CLIENT6),
    // `table` or `table:distance` entries: `default` or a routing table (a VRF's too, `main`), distance 1..255.
    'default-route-tables': {
      source: CLIENT6,
      check: (key, value, ctx) => {
        for (const entry of value === '' ? [] : value.split(',')) {
          const [table, distance, extra] = entry.split(':');
          if (extra !== undefined || table === '') throw invalidArg(key);
          checkRef({ menus: ['routing/table', 'ip/vrf'], keywords: ['default', 'main'] }, key, table, ctx.rowsOf);
          if (distance !== undefined) numberIn(key, distance, 1, 255);
        }
        return value;
      },
    },
  },
};

/** The rule's stored form for a curated DHCP menu's argument, or undefined when no rule here covers it. */
export function dhcpValue(key: string, value: string, ctx: ArgContext): string | undefined {
  return DHCP_VALUES[ctx.path]?.[key]?.check(key, value, ctx);
}
