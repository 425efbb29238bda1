import type { Row } from '../rest/print-query';
import { timingSafeEqual } from 'node:crypto';
import { addressIn } from './management-path';
import { grantedPolicies } from './users';

/** The policies `group` grants (its `/user/group` row; none for a group that does not exist). */
export function groupPolicies(rows: (path: string) => Row[], group: string): string[] {
  return grantedPolicies(rows('user/group').find((g) => g['name'] === group)?.['policy']);
}

/** The user `name` if `password` is its password (compared in constant time), else undefined. */
export function passwordMatches(rows: (path: string) => Row[], name: string, password: string): Row | undefined {
  const user = rows('user').find((u) => u['name'] === name);
  if (!user) return undefined;
  const a = Buffer.from(user['password'] ?? '');
  const b = Buffer.from(password);
  return a.length === b.length && timingSafeEqual(a, b) ? user : undefined;
}

/**
 * Why RouterOS would refuse a new login of `name` over `via` from `client`, or undefined: the user must exist, be
 * enabled, be allowed from the client's address (`address=`), and its group must grant `read` and the service's
 * policy: `ssh` for SSH; for REST `rest-api` or `api` (chosen: RouterOS 7 releases differ in which of the two the REST
 * service checks and the manual does not say, so REST is refused only when the group has neither).
 */
export function loginRefusal(rows: (path: string) => Row[], name: string, via: 'rest-api' | 'ssh', client: string): string | undefined {
  const user = rows('user').find((u) => u['name'] === name);
  if (!user) return `user ${name} no longer exists`;
  if (user['disabled'] === 'true') return `user ${name} is disabled`;
  const allowed = (user['address'] ?? '').split(',').filter(Boolean);
  if (allowed.length > 0 && !allowed.some((a) => addressIn(client, a))) return `user ${name} may not log in from ${client}`;
  const policies = groupPolicies(rows, user['group'] ?? '');
  if (!policies.includes('read')) return `group ${user['group']} of user ${name} lacks the read policy`;
  const needed = via === 'ssh' ? ['ssh'] : ['rest-api', 'api'];
  if (!needed.some((p) => policies.includes(p))) return `group ${user['group']} of user ${name} lacks the ${needed.join('/')} policy`;
  return undefined;
}

/** Whether sessions already open for `name` end: RouterOS ends them when the user is removed or disabled. */
export function sessionsEnd(rows: (path: string) => Row[], name: string): boolean {
  const user = rows('user').find((u) => u['name'] === name);
  return !user || user['disabled'] === 'true';
}
