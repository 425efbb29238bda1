import type { ArgContext } from './arg-rules';
import { checkGenericValue, GenericValueRule, U32 } from './generic-values';
import { checkRef, RefRule } from './generic-refs';
import { strictBool } from './menu-values';
import { BUILTIN_QUEUE_TYPES } from './queues';

/**
 * Value syntax of the curated DHCP menus' arguments (`/ip/dhcp-server`, its `lease` and `network`, `/ipv6/dhcp-server`)
 * that neither the tree nor a curated rule describes, read from MikroTik's DHCP manual page. Left free (docs/simulator.md):
 * `insert-queue-before` and `parent-queue` (`bottom | first | name`, `string | none`: the page names no menu),
 * `use-reconfigure` and the network's `ntp-none` (not on the page).
 */
export interface DhcpValueRule {
  /** The manual page the type comes from. */
  source: string;
  /** Returns the value as stored, or throws RouterOS's refusal. */
  check(key: string, value: string, ctx: ArgContext): string;
}

export const DHCP = 'https://help.mikrotik.com/docs/spaces/ROS/pages/24805500/DHCP';
type Rule = DhcpValueRule;

const generic = (rule: GenericValueRule): Rule => ({ source: rule.source, check: (key, value) => checkGenericValue(rule, key, value) });
const word = (values: string[]) => generic({ kind: 'enum', values, source: DHCP });
const integer = (min: number, max: number, keywords?: string[]) => generic({ kind: 'integer', min, max, keywords, source: DHCP });
const bool: Rule = { source: DHCP, check: (key, value) => (value === '' ? value : strictBool(key, value)) };
const ref = (rule: RefRule): Rule => ({ source: DHCP, check: (key, value, ctx) => checkRef(rule, key, value, ctx.rowsOf) });

/** `dhcp-option`: options of the option list, by name (a comma list, as the page's "options from option list"). */
const OPTIONS = ref({ menus: ['ip/dhcp-server/option'], list: true });
/** `dhcp-option-set`: a set of the option sets menu; the server's and lease's default `none` (the page). */
const OPTION_SET = ref({ menus: ['ip/dhcp-server/option/sets'], keywords: ['none'] });

export const DHCP_VALUES: Record<string, Record<string, Rule>> = {
  'ip/dhcp-server': {
    authoritative: word(['after-10sec-delay', 'after-2sec-delay', 'no', 'yes']),
    'bootp-support': word(['dynamic', 'none', 'static']),
    'client-mac-limit': integer(0, U32, ['unlimited']), // `integer | unlimited`, no range
    'conflict-detection': bool,
    'allow-dual-stack-queue': bool,
    'use-framed-as-classless': bool,
    'dhcp-option-set': OPTION_SET,
  },
  'ip/dhcp-server/lease': {
    'allow-dual-stack-queue': bool,
    'always-broadcast': bool,
    'use-src-mac': bool,
    'dhcp-option': OPTIONS,
    'dhcp-option-set': OPTION_SET,
    // The page lists the built-in types; a type of /queue/type is one too (as a simple queue's `queue`).
    'queue-type': ref({ menus: ['queue/type'], keywords: BUILTIN_QUEUE_TYPES }),
  },
  'ip/dhcp-server/network': {
    netmask: integer(0, 32),
    'dns-none': bool,
    'dhcp-option': OPTIONS,
    // `string; Default: ` here: no `none` (chosen: the page names it for the server and lease only).
    'dhcp-option-set': ref({ menus: ['ip/dhcp-server/option/sets'] }),
  },
  'ipv6/dhcp-server': { 'dhcp-option': ref({ menus: ['ipv6/dhcp-server/option'], list: true }) },
};

/** The rule's stored form for a curated DHCP menu's argument, or undefined when no rule here covers it. */
export function dhcpValue(key: string, value: string, ctx: ArgContext): string | undefined {
  return DHCP_VALUES[ctx.path]?.[key]?.check(key, value, ctx);
}
