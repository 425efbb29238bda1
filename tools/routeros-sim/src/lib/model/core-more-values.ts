import type { ArgContext } from './arg-rules';
import { errors } from '../rest/rest-error';
import { BUILTIN_QUEUE_TYPES } from './queue-types';
import { refRule as ref, SourcedRule, wordRule as word } from './value-rule-builders';

/**
 * Values of the curated clock, health, script job, queue tree and SNMP menus that their own rules (model/menus.ts,
 * queues.ts, snmp.ts) left free, typed from MikroTik's CLI reference of each menu (`source`). The other free
 * arguments of these areas, each with its reason, are in model/core-free-args.ts.
 */
const CLI = 'https://manual.mikrotik.com/docs/cli-reference';
const CLOCK = `${CLI}/system/clock.md`;
const QUEUE_TREE = `${CLI}/queue/tree.md`;
const SNMP = `${CLI}/snmp.md`;
const HEALTH = `${CLI}/system/health.md`;
const JOB = `${CLI}/system/script/job.md`;

/** `date`: "YYYY-MM-DD, where YYYY - year, MM - month 01..12, DD - date 01..31" (RouterOS 7.10 on writes dates so). */
const DATE: SourcedRule = {
  source: CLOCK,
  check: (key, value) => {
    const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
    const [month, day] = match ? [Number(match[2]), Number(match[3])] : [0, 0];
    if (!match || month < 1 || month > 12 || day < 1 || day > 31) throw errors.invalidValue(key, value);
    return value;
  },
};

/** `time`: "HH:MM:SS, where HH - hour 00..23, MM - minutes 00..59, SS - seconds 00..59". */
const TIME: SourcedRule = {
  source: CLOCK,
  check: (key, value) => {
    const match = /^(\d{2}):(\d{2}):(\d{2})$/.exec(value);
    if (!match || Number(match[1]) > 23 || Number(match[2]) > 59 || Number(match[3]) > 59) throw errors.invalidValue(key, value);
    return value;
  },
};

/**
 * `time-zone-name`: `manual` or a zone "from the IANA time zone database, for example `Europe/Riga`. Case sensitive."
 * The zones are the ones Node's own copy of that database knows (Intl); a name in another case is refused, as the
 * reference says, by requiring each part of the name to start as the database writes zones (capital or digit).
 */
const TIME_ZONE: SourcedRule = {
  source: CLOCK,
  check: (key, value) => {
    if (value === 'manual' || (isIanaZone(value) && value.split('/').every((part) => /^[A-Z0-9]/.test(part)))) return value;
    throw errors.noMatch(key);
  },
};

function isIanaZone(name: string): boolean {
  if (!/^[A-Za-z0-9_+-]+(\/[A-Za-z0-9_+-]+)*$/.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

export const CORE_MORE_VALUES: Record<string, Record<string, SourcedRule>> = {
  'system/clock': { date: DATE, time: TIME, 'time-zone-name': TIME_ZONE },
  // `enum (disabled | enabled)` on the page's settings form (x86 devices); the menu itself refuses writes here.
  'system/health': { 'state-after-reboot': word(['disabled', 'enabled'], HEALTH) },
  // `enum (command | login | api-login)`: how a job started; the simulator serves its jobs read-only.
  'system/script/job': { type: word(['api-login', 'command', 'login'], JOB) },
  'queue/tree': {
    // `enum (global)`: `global`, an interface or another tree queue (the row check, model/queues.ts, also refuses loops).
    parent: ref({ menus: ['interface', 'queue/tree'], keywords: ['global'] }, QUEUE_TREE),
    // `enum` of queue types: a /queue/type row or a built-in type.
    queue: ref({ menus: ['queue/type'], keywords: BUILTIN_QUEUE_TYPES }, QUEUE_TREE),
  },
  // `object { interface: iface_enum }`: a comma list of interfaces; exports write `trap-interfaces=all` too.
  snmp: { 'trap-interfaces': ref({ menus: ['interface'], keywords: ['all'], list: true, noun: 'interface' }, SNMP) },
};

/** The rule's stored form for one of these menus' arguments, or undefined when no rule here covers it. */
export function coreMoreValue(key: string, value: string, ctx: ArgContext): string | undefined {
  return CORE_MORE_VALUES[ctx.path]?.[key]?.check(key, value, ctx);
}
