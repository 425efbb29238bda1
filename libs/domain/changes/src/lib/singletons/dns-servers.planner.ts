import type { ChangePlanner } from '../change-planner';
import { singletonSetPlanner } from './singleton-set.planner';

/** The static DNS servers, in the order RouterOS asks them (dynamic ones from DHCP or PPP are not touched). */
export const dnsServersPlanner = singletonSetPlanner<{ servers: readonly string[] }>({
  menu: 'ip/dns',
  desired: ({ servers }) => ({ servers: servers.join(',') }),
  summary: ({ servers }) => `set the DNS servers to ${servers.join(', ')}`,
  safetyInput: ({ servers }) => ({ dnsServers: servers }),
});

/** Flushing an empty cache changes nothing; a flush cannot be undone (the entries come back as names are asked). */
export const dnsFlushCachePlanner: ChangePlanner<Record<string, never>> = {
  reads: () => ['ip/dns/cache'],
  propose(live) {
    const entries = live['ip/dns/cache']?.length ?? 0;
    if (entries === 0) return { kind: 'no_change', reason: 'the DNS cache is already empty', current: [] };
    return {
      kind: 'change',
      proposal: { summary: `flush the DNS cache (${entries} entries)`, operations: [{ kind: 'command', menu: 'ip/dns/cache', command: 'flush' }], touched: [], risk: 'low' },
    };
  },
};
