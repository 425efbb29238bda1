import type { Row } from '../rest/print-query';
import type { MenuSpec } from './menu-spec';
import { errors } from '../rest/rest-error';
import { numberIn } from './arg-rules';
import { BUILTIN_QUEUE_TYPES } from './queue-types';
import { existingName, ipv4, oneOf, strictBool, usedBy } from './menu-values';

/** `service` of a secret (PPP AAA manual). */
const SERVICES = ['any', 'async', 'l2tp', 'ovpn', 'pppoe', 'pptp', 'sstp'];
const TRISTATE = ['default', 'no', 'yes'];
const WITH_REQUIRED = ['default', 'no', 'yes', 'required'];

/** The /ppp/profile CLI reference: each argument's RouterOS type. */
export const PROFILE_CLI = 'https://manual.mikrotik.com/docs/cli-reference/ppp/profile.md';

/**
 * Profile arguments of the PPP AAA manual and the CLI reference: tri-state switches, addresses as an IP or an `/ip pool`
 * name. Left free: filters (firewall chain names) and `address-list` (lists need not exist).
 */
function profileArg(key: string, value: string, ctx: { rowsOf(path: string): Row[] }): string | undefined {
  switch (key) {
    case 'use-compression': case 'use-upnp': case 'only-one': case 'change-tcp-mss':
      return oneOf(key, value, TRISTATE);
    case 'use-encryption': case 'use-mpls': case 'use-ipv6':
      return oneOf(key, value, WITH_REQUIRED);
    case 'local-address': case 'remote-address':
      return value === '' || /^\d/.test(value) ? ipv4(key, value) : existingName(key, value, 'ip/pool', ctx.rowsOf);
    case 'bridge':
      return value === '' ? value : existingName(key, value, 'interface/bridge', ctx.rowsOf);
    // The CLI reference (PROFILE_CLI): `bool`, `enum (default | no | yes)`, `num` (no range: U32, chosen), IPv6 pools.
    case 'bridge-learning':
      return oneOf(key, value, TRISTATE);
    case 'remote-ipv6-prefix-reuse': case 'dhcpv6-use-radius': case 'bridge-port-trusted':
      return value === '' ? value : strictBool(key, value);
    case 'bridge-port-priority': case 'bridge-path-cost': case 'bridge-horizon': case 'bridge-port-vid':
      return value === '' ? value : numberIn(key, value, 0, 4294967295);
    case 'remote-ipv6-prefix-pool': case 'dhcpv6-pd-pool':
      return value === '' ? value : existingName(key, value, 'ipv6/pool', ctx.rowsOf);
    // Dynamic simple queues: before `first`, `bottom` or a named queue; under `none` or a simple queue (as DHCP's).
    case 'insert-queue-before':
      return value === '' || value === 'first' || value === 'bottom' ? value : existingName(key, value, 'queue/simple', ctx.rowsOf);
    case 'parent-queue':
      return value === '' || value === 'none' ? value : existingName(key, value, 'queue/simple', ctx.rowsOf);
    // `upload/download` queue types (`composite { upload-queue: enum, download-queue: enum }`), one standing for both.
    case 'queue-type': {
      const types = new Set([...BUILTIN_QUEUE_TYPES, ...ctx.rowsOf('queue/type').map((t) => t['name'])]);
      const parts = value === '' ? [] : value.split('/');
      if (parts.length > 2 || parts.some((t) => !types.has(t))) throw errors.noMatch(key);
      return value;
    }
  }
  return undefined;
}

function secretArg(key: string, value: string): string | undefined {
  switch (key) {
    case 'service':
      return oneOf(key, value, SERVICES);
    // A secret's addresses are addresses only (the tree: `A.B.C.D`); pools belong to the profile.
    case 'local-address': case 'remote-address':
      return value === '' ? value : ipv4(key, value);
  }
  return undefined;
}

/** What a profile shows for each switch it was not given (the `default` profile's values, PPP AAA manual). */
const PROFILE_DEFAULTS = {
  'use-compression': 'default', 'use-encryption': 'default', 'use-mpls': 'default', 'use-upnp': 'default', 'use-ipv6': 'yes',
  'only-one': 'default', 'change-tcp-mss': 'yes', 'address-list': '', 'on-up': '', 'on-down': '', 'bridge-learning': 'default',
};

/**
 * The two profiles every RouterOS has: `default` and `default-encryption` (use-encryption=yes); built in. Another
 * stream may seed them too: profiles.ts keeps whichever comes last for the path.
 */
export function pppSeed(): Record<string, Row[]> {
  return {
    'ppp/profile': [
      { name: 'default', ...PROFILE_DEFAULTS, '.builtin': 'true' },
      { name: 'default-encryption', ...PROFILE_DEFAULTS, 'use-encryption': 'yes', '.builtin': 'true' },
    ],
  };
}

/**
 * `/ppp/profile` and `/ppp/secret` (PPP AAA manual). A secret names its profile (default `default`), which must
 * exist and follows renames; a profile a secret uses cannot be removed (wording chosen, docs/simulator.md). The
 * password is hidden by `/export` unless `show-sensitive`.
 */
export const PPP_MENUS: MenuSpec[] = [
  {
    path: 'ppp/profile', kind: 'table', writable: true, unique: 'name', required: ['name'], defaults: PROFILE_DEFAULTS,
    refs: { 'interface-list': 'interface/list' },
    argRule: profileArg,
    namedRefs: { bridge: 'interface/bridge', 'local-address': 'ip/pool', 'remote-address': 'ip/pool' },
    removeRefusal: (row, rowsOf) => (usedBy(row['name'], rowsOf, [['ppp/secret', ['profile']]]) ? 'failure: profile is in use' : undefined),
    computed: (row) => ({ default: String(row['.builtin'] === 'true') }),
  },
  {
    path: 'ppp/secret', kind: 'table', writable: true, bools: ['disabled'], unique: 'name', required: ['name'],
    defaults: { disabled: 'false', service: 'any', profile: 'default', 'caller-id': '', routes: '', 'limit-bytes-in': '0', 'limit-bytes-out': '0' },
    refs: { profile: 'ppp/profile' },
    argRule: secretArg,
    sensitive: ['password'],
    // No session ever comes up (no protocol emulation): nothing was logged out yet (chosen, docs/simulator.md).
    computed: () => ({ 'last-logged-out': '', 'last-caller-id': '', 'last-disconnect-reason': '' }),
  },
];
