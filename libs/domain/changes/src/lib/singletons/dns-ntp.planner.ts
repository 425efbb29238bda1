import { ValidationError } from '@routeros-mcp/domain-kernel';
import type { ChangePlanner, ProposalOutcome, RiskLevel, TouchedRow } from '../change-planner';
import type { RowOperation } from '../row-operation';
import { dnsServersPlanner } from './dns-servers.planner';
import { ntpServersPlanner } from './ntp-servers.planner';

export interface DnsNtpInput {
  dns?: { servers: readonly string[] };
  ntp?: { servers: readonly string[]; enabled?: boolean };
}

const RISK_ORDER: readonly RiskLevel[] = ['low', 'medium', 'high'];

/** DNS servers and/or NTP servers in one change: one record, one protection, one verification for both. */
export const dnsNtpPlanner: ChangePlanner<DnsNtpInput> = {
  reads: (input) => [...(input.dns ? dnsServersPlanner.reads(input.dns) : []), ...(input.ntp ? ntpServersPlanner.reads(input.ntp) : [])],
  safetyInput: (input) => ({ ...(input.dns ? { dnsServers: input.dns.servers } : {}), ...(input.ntp ? { ntpServers: input.ntp.servers } : {}) }),
  propose(live, input) {
    if (!input.dns && !input.ntp) throw ValidationError.single('dns', 'give DNS servers, NTP servers or both');
    const outcomes: ProposalOutcome[] = [...(input.dns ? [dnsServersPlanner.propose(live, input.dns)] : []), ...(input.ntp ? [ntpServersPlanner.propose(live, input.ntp)] : [])];
    const changes = outcomes.flatMap((o) => (o.kind === 'change' ? [o.proposal] : []));
    if (changes.length === 0) {
      return { kind: 'no_change', reason: outcomes.map((o) => (o.kind === 'no_change' ? o.reason : '')).join('; '), current: outcomes.flatMap((o) => (o.kind === 'no_change' ? o.current : [])) };
    }
    const operations: RowOperation[] = changes.flatMap((c) => c.operations);
    const touched: TouchedRow[] = changes.flatMap((c) => c.touched);
    const risk = changes.map((c) => c.risk).reduce((a, b) => (RISK_ORDER.indexOf(b) > RISK_ORDER.indexOf(a) ? b : a), 'low' as RiskLevel);
    return { kind: 'change', proposal: { summary: changes.map((c) => c.summary).join('; '), operations, touched, risk } };
  },
};
