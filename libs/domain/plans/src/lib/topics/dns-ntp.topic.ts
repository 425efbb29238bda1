import { DnsNtpInput, dnsNtpPlanner } from '@routeros-mcp/domain-changes';
import { desiredStateHeld } from '../rollout/topic-checks';
import { ValidationError } from '@routeros-mcp/domain-kernel';
import type { PlanTopic } from './plan-topic';
import { onlyKeys, record, stringList } from './topic-fields';

/** DNS servers and/or NTP servers on every target: `{ dns?: { servers }, ntp?: { servers, enabled? } }`. */
export const dnsNtpTopic: PlanTopic<DnsNtpInput> = {
  name: 'dns_ntp',
  tool: 'dns_ntp_plan_step',
  parse(change) {
    onlyKeys(change, ['dns', 'ntp'], '');
    if (change['dns'] === undefined && change['ntp'] === undefined) throw ValidationError.single('dns', 'give DNS servers, NTP servers or both');
    const input: { dns?: DnsNtpInput['dns']; ntp?: DnsNtpInput['ntp'] } = {};
    if (change['dns'] !== undefined) {
      const dns = record(change['dns'], 'dns');
      onlyKeys(dns, ['servers'], 'dns.');
      input.dns = { servers: stringList(dns['servers'], 'dns.servers') };
    }
    if (change['ntp'] !== undefined) {
      const ntp = record(change['ntp'], 'ntp');
      onlyKeys(ntp, ['servers', 'enabled'], 'ntp.');
      if (ntp['enabled'] !== undefined && typeof ntp['enabled'] !== 'boolean') throw ValidationError.single('ntp.enabled', 'must be true or false');
      input.ntp = { servers: stringList(ntp['servers'], 'ntp.servers'), ...(ntp['enabled'] === undefined ? {} : { enabled: ntp['enabled'] as boolean }) };
    }
    return input;
  },
  describe: (input) => [input.dns ? `DNS ${input.dns.servers.join(', ')}` : '', input.ntp ? `NTP ${input.ntp.servers.join(', ')}` : ''].filter(Boolean).join('; '),
  planner: dnsNtpPlanner,
  // One check per part, so a gate failure names which of the two the device lost.
  verify: (input, live) => [
    ...(input.dns ? [desiredStateHeld({ planner: dnsNtpPlanner }, { dns: input.dns }, live, `DNS servers are ${input.dns.servers.join(', ')}`)] : []),
    ...(input.ntp ? [desiredStateHeld({ planner: dnsNtpPlanner }, { ntp: input.ntp }, live, `NTP servers are ${input.ntp.servers.join(', ')}`)] : []),
  ],
};
