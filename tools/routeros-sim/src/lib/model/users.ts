import ipaddr from 'ipaddr.js';
import type { Row } from '../rest/print-query';
import { RestError } from '../rest/rest-error';
import { checkTreeValue } from './tree-rules';
import type { MenuSpec } from './menu-spec';
import { checkedPassword } from './password-rules';

/** RouterOS 7's policy names, in the order `/user group print` lists them (MikroTik manual, User: Properties). */
export const POLICY_NAMES = ['local', 'telnet', 'ssh', 'ftp', 'reboot', 'read', 'write', 'policy', 'test', 'winbox', 'password', 'web', 'sniff', 'sensitive', 'api', 'romon', 'rest-api'] as const;

/**
 * The three system groups (the manual's User page: they cannot be deleted). `read` lacks `ftp`, `write` and
 * `policy`; `write` lacks `ftp` and `policy`; both keep `sensitive`, as the manual's default print shows.
 */
const DEFAULT_GROUP_POLICIES: Record<string, readonly string[]> = {
  read: POLICY_NAMES.filter((p) => !['ftp', 'write', 'policy'].includes(p)),
  write: POLICY_NAMES.filter((p) => !['ftp', 'policy'].includes(p)),
  full: POLICY_NAMES,
};

/** `a,b,!c` as RouterOS prints it: granted policies in the manual's order, then every other one negated. */
export function policyText(granted: Iterable<string>): string {
  const set = new Set(granted);
  return [...POLICY_NAMES.filter((p) => set.has(p)), ...POLICY_NAMES.filter((p) => !set.has(p)).map((p) => `!${p}`)].join(',');
}

/** The policies a stored `policy` value grants (negated ones are not granted). */
export const grantedPolicies = (text: string | undefined): string[] => (text ?? '').split(',').map((p) => p.trim()).filter((p) => p && !p.startsWith('!'));

/** The seeded `/user/group` rows every RouterOS device has. */
export function defaultGroups(): Row[] {
  return Object.entries(DEFAULT_GROUP_POLICIES).map(([name, policies]) => ({ name, policy: policyText(policies), skin: 'default', '.builtin': 'true' }));
}

/**
 * `policy=read,api,!ftp`: every word a policy name (or one negated); stored as RouterOS prints it. An unknown word is
 * refused as an enumeration is (`input does not match any value of policy`); a policy both named and negated keeps
 * the last word (chosen without a source: the console reads the list left to right).
 */
function policyArg(value: string): string {
  const granted = new Set<string>();
  for (const word of value.split(',').map((w) => w.trim()).filter(Boolean)) {
    const name = word.startsWith('!') ? word.slice(1) : word;
    if (!(POLICY_NAMES as readonly string[]).includes(name)) throw new RestError(400, 'input does not match any value of policy');
    if (word.startsWith('!')) granted.delete(name);
    else granted.add(name);
  }
  return policyText(granted);
}

/**
 * A user's `address`: the addresses and networks it may log in from, a comma list. IPv6 prefixes are taken as the
 * manual allows them; each IPv4 one is checked as the tree describes it (`A.B.C.D/M`), with the tree's wording.
 */
function addressArg(version: string, command: 'add' | 'set', value: string): string {
  if (value === '') return value;
  return value
    .split(',')
    .map((item) => {
      const [host, bits] = item.split('/');
      if (host.includes(':') && ipaddr.IPv6.isValid(host) && (bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= 128))) {
        return bits === undefined || bits === '128' ? ipaddr.parse(host).toString() : `${ipaddr.IPv6.networkAddressFromCIDR(item).toString()}/${bits}`;
      }
      return checkTreeValue(version, 'user', command, 'address', item);
    })
    .join(',');
}

/**
 * A user name starts with a letter or digit and holds letters, digits and `*_.@-` (the manual's User page; `-` as
 * RouterOS 7 accepts it, chosen). RouterOS's text for a bad one is not documented: the invalid-value text (chosen).
 */
function nameArg(value: string): string {
  if (!/^[A-Za-z0-9][A-Za-z0-9*_.@-]*$/.test(value)) throw new RestError(400, 'invalid value for argument name');
  return value;
}

/** A group that may manage every user (grants `policy`, `write` and `read`): at least one enabled user keeps one. */
const managesUsers = (rowsOf: (path: string) => Row[], group: string | undefined) => {
  const policies = grantedPolicies(rowsOf('user/group').find((g) => g['name'] === group)?.['policy']);
  return ['read', 'write', 'policy'].every((p) => policies.includes(p));
};

/**
 * The last enabled user with full rights can be neither removed, disabled nor moved to a lesser group (RouterOS keeps
 * one user who can log in and manage the others; the refusal's text is not documented, chosen: docs/simulator.md).
 */
function guardUser(change: { before?: Row; after?: Row }, rowsOf: (path: string) => Row[]): void {
  const { before, after } = change;
  if (!before || before['disabled'] === 'true' || !managesUsers(rowsOf, before['group'])) return;
  if (after && after['disabled'] !== 'true' && managesUsers(rowsOf, after['group'])) return;
  const others = rowsOf('user').filter((u) => u['.id'] !== before['.id'] && u['disabled'] !== 'true' && managesUsers(rowsOf, u['group']));
  if (others.length === 0) throw new RestError(400, 'failure: can not remove or restrict the last user with full rights');
}

/** A group some user belongs to cannot be removed (text not documented, chosen: docs/simulator.md). */
function guardGroup(change: { before?: Row; after?: Row }, rowsOf: (path: string) => Row[]): void {
  if (change.after || !change.before) return;
  const user = rowsOf('user').find((u) => u['group'] === change.before!['name']);
  if (user) throw new RestError(400, `failure: group ${change.before['name']} is used by user ${user['name']}`);
}

/**
 * `/user` and `/user/group` (MikroTik manual, User). A user's password is kept but never printed, exported or read
 * back; its group must exist and follows the group's renames; names are unique.
 */
export const USER_MENUS: MenuSpec[] = [
    {
      path: 'user', kind: 'table', writable: true, bools: ['disabled'], unique: 'name', required: ['name', 'group'],
      refs: { group: 'user/group' }, defaults: { disabled: 'false', address: '' },
      sensitive: ['password'], hidden: ['password'],
      argRule: (key, value, { command, version, rowsOf }) => {
        if (key === 'address') return addressArg(version, command, value);
        if (key === 'name') return nameArg(value);
        // Within `/user/settings` (model/password-rules.ts).
        if (key === 'password') return checkedPassword(value, rowsOf);
        return undefined;
      },
      guard: guardUser,
      // A user's SSH keys follow its renames (their `refs`) and go with it.
      owns: [{ path: 'user/ssh-keys', field: 'user' }],
      computed: (row) => ({ 'last-logged-in': row['last-logged-in'] ?? '', expired: row['.expired'] ?? 'false' }),
    },
    {
      path: 'user/group', kind: 'table', writable: true, unique: 'name', required: ['name'], defaults: { skin: 'default', policy: policyText([]) },
      argRule: (key, value) => (key === 'policy' ? policyArg(value) : undefined),
      guard: guardGroup,
    },
];
