import { singletonSetPlanner } from './singleton-set.planner';

/**
 * The NTP client's servers: `/system ntp client servers` takes addresses and host names on every RouterOS v7
 * (7.15 and 7.20 alike); `enabled` is set only when asked.
 */
export const ntpServersPlanner = singletonSetPlanner<{ servers: readonly string[]; enabled?: boolean }>({
  menu: 'system/ntp/client',
  desired: ({ servers, enabled }) => ({ servers: servers.join(','), ...(enabled === undefined ? {} : { enabled: enabled ? 'true' : 'false' }) }),
  summary: ({ servers, enabled }) => `set the NTP servers to ${servers.join(', ')}${enabled === undefined ? '' : enabled ? ' and enable the client' : ' and disable the client'}`,
  safetyInput: ({ servers }) => ({ ntpServers: servers }),
});
