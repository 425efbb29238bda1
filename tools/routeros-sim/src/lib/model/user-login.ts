import type { Row } from '../rest/print-query';
import { addressIn } from './management-path';

/**
 * The policies of RouterOS 7's built-in groups (the manual's User page: `read` and `write` lack `ftp`, `policy` and
 * `sensitive`, `read` lacks `write` too). A `/user/group` row of the same name takes precedence.
 */
const BUILTIN_GROUPS: Record<string, string[]> = {
  full: ['local', 'telnet', 'ssh', 'ftp', 'reboot', 'read', 'write', 'policy', 'test', 'winbox', 'password', 'web', 'sniff', 'sensitive', 'api', 'romon', 'rest-api'],
  write: ['local', 'telnet', 'ssh', 'reboot', 'read', 'write', 'test', 'winbox', 'password', 'web', 'sniff', 'api', 'romon', 'rest-api'],
  read: ['local', 'telnet', 'ssh', 'reboot', 'read', 'test', 'winbox', 'password', 'web', 'sniff', 'api', 'romon', 'rest-api'],
};

export function groupPolicies(rows: (path: string) => Row[], group: string): string[] {
  const row = rows('user/group').find((g) => g['name'] === group);
  if (!row) return BUILTIN_GROUPS[group] ?? [];
  return (row['policy'] ?? '').split(',').map((p) => p.trim()).filter((p) => p && !p.startsWith('!'));
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
