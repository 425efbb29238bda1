import type { LiveRows, Row } from '@routeros-mcp/domain-changes';
import type { ServiceLogin } from './endpoint';
import { parseIpv4Range, ipv4ToNumber, spanContains } from './ip-range';
import { isTrue, rowsOf, splitList } from './snapshot';

/** The menus that decide whether the service's users may still log in: users, their groups, their SSH keys. */
export const LOGIN_DEPENDENCIES: readonly string[] = ['user', 'user/group', 'user/ssh-keys'];

/** One login of the service: the user, what it logs in over, and whether SSH authenticates by key. */
interface Login {
  username: string;
  via: 'rest' | 'ssh';
  byKey: boolean;
}

/**
 * The policies a login needs (RouterOS's User manual: `read` to log in and read, `write` to change the
 * configuration, `ssh` to log in over SSH, which safe mode rides on; REST needs `rest-api`, which releases before
 * it checked as `api`).
 */
function policyProblem(login: Login, group: string, granted: readonly string[], had: readonly string[]): string | undefined {
  const lacks = ['read', 'write', ...(login.via === 'ssh' ? ['ssh'] : [])].filter((p) => !granted.includes(p));
  if (lacks.length > 0) return `group ${group} of user ${login.username} would lack the ${lacks.join(', ')} polic${lacks.length > 1 ? 'ies' : 'y'} its ${login.via === 'rest' ? 'REST' : 'SSH'} login needs`;
  if (login.via !== 'rest') return undefined;
  // Which of the two a release checks is not documented per release: losing rest-api, or ending with neither, cuts.
  if (had.includes('rest-api') && !granted.includes('rest-api')) return `group ${group} of user ${login.username} would lose the rest-api policy its REST login needs`;
  if (!granted.includes('rest-api') && !granted.includes('api')) return `group ${group} of user ${login.username} would lack the rest-api policy its REST login needs`;
  return undefined;
}

const granted = (rows: LiveRows, group: string): string[] => splitList(rowsOf(rows, 'user/group').find((g) => g['name'] === group)?.['policy']).filter((p) => !p.startsWith('!'));

/** The addresses the service's sessions come from, as `/user/active` shows them before the change. */
function clientAddresses(before: LiveRows, username: string): number[] {
  return rowsOf(before, 'user/active')
    .filter((s) => s['name'] === username && s['address'])
    .map((s) => ipv4ToNumber(s['address']))
    .filter((ip): ip is number => ip !== undefined);
}

/** Why `login` could no longer log in once `rows` hold, or undefined. */
function loginProblem(rows: LiveRows, before: LiveRows, login: Login): string | undefined {
  const user = rowsOf(rows, 'user').find((u) => u['name'] === login.username);
  if (!user) return `user ${login.username}, whom the service logs in as, would be removed or renamed`;
  if (isTrue(user['disabled'])) return `user ${login.username}, whom the service logs in as, would be disabled`;
  const allowed = splitList(user['address']).map((a) => parseIpv4Range(a));
  const clients = clientAddresses(before, login.username);
  if (allowed.length > 0 && clients.some((ip) => !allowed.some((span) => span !== undefined && spanContains(span, ip)))) {
    return `user ${login.username} would be allowed to log in only from ${user['address']}`;
  }
  const group = user['group'] ?? '';
  const was = rowsOf(before, 'user').find((u) => u['name'] === login.username);
  const policy = policyProblem(login, group, granted(rows, group), granted(before, was?.['group'] ?? group));
  if (policy) return policy;
  if (login.byKey) {
    const keys = (r: LiveRows) => rowsOf(r, 'user/ssh-keys').filter((k: Row) => k['user'] === login.username && !isTrue(k['disabled']));
    const now = new Set(keys(rows).map((k) => k['.id']));
    // Which of its keys the service holds is not shown by the device: any of them going may be the one.
    const gone = keys(before).filter((k) => !now.has(k['.id']));
    if (gone.length > 0) return `the SSH key${gone.length > 1 ? 's' : ''} of user ${login.username}, who logs in over SSH by key, would be removed`;
  }
  return undefined;
}

/** The service's logins: REST as `username`, SSH as its own user (the same one unless enrolled otherwise). */
function loginsOf(login: ServiceLogin): Login[] {
  return [
    { username: login.username, via: 'rest', byKey: false },
    { username: login.ssh?.username ?? login.username, via: 'ssh', byKey: login.ssh?.byKey ?? false },
  ];
}

/**
 * Why the change from `before` to `after` would stop one of the service's logins (its user removed, renamed,
 * disabled, restricted to other addresses, moved to a group lacking a policy it needs, or an SSH key it may log in
 * with removed), or undefined. A problem the live state already has is not the change's doing (the service is
 * logged in now, so this reading of it is wrong) and is left out.
 */
export function loginCut(before: LiveRows, after: LiveRows, login: ServiceLogin): string | undefined {
  for (const one of loginsOf(login)) {
    const now = loginProblem(after, before, one);
    if (now && now !== loginProblem(before, before, one)) return now;
  }
  return undefined;
}
