import ipaddr from 'ipaddr.js';
import { result, SafetyRule } from '../safety-rule';

export const DNS_NTP_LIMITS = { maxDnsServers: 3, maxNtpServers: 4 } as const;

const HOSTNAME = /^(?=.{1,253}$)(?!-)[a-z0-9-]{1,63}(?<!-)(\.(?!-)[a-z0-9-]{1,63}(?<!-))*$/i;
const UNUSABLE_RANGES = new Set(['unspecified', 'broadcast', 'multicast', 'loopback']);

function problemWithAddress(value: string, allowHostname: boolean): string | undefined {
  if (ipaddr.isValid(value)) {
    const range = ipaddr.parse(value).range();
    return UNUSABLE_RANGES.has(range) ? `${value} is a ${range} address` : undefined;
  }
  if (allowHostname && HOSTNAME.test(value) && !/^[0-9.]+$/.test(value)) return undefined;
  return `'${value}' is not ${allowHostname ? 'an IP address or host name' : 'an IP address'}`;
}

function checkList(kind: 'DNS' | 'NTP', values: readonly string[], max: number, allowHostname: boolean): string[] {
  const problems: string[] = [];
  if (values.length === 0) problems.push(`at least one ${kind} server is needed`);
  if (values.length > max) problems.push(`at most ${max} ${kind} servers (got ${values.length})`);
  const seen = new Set<string>();
  for (const value of values) {
    const problem = problemWithAddress(value, allowHostname);
    if (problem) problems.push(`${kind}: ${problem}`);
    if (seen.has(value.toLowerCase())) problems.push(`${kind}: ${value} is listed twice`);
    seen.add(value.toLowerCase());
  }
  return problems;
}

/** DNS servers are IP addresses (RouterOS resolves with them), NTP servers IPs or names; both bounded and usable. */
export const dnsNtpLimitsRule: SafetyRule = {
  id: 'DNS_NTP_LIMITS',
  description: `At most ${DNS_NTP_LIMITS.maxDnsServers} DNS and ${DNS_NTP_LIMITS.maxNtpServers} NTP servers, each a usable unicast address (NTP also by name), no duplicates.`,
  needsDeviceState: false,
  evaluate(ctx) {
    const { dnsServers, ntpServers } = ctx.input ?? {};
    if (dnsServers === undefined && ntpServers === undefined) return result(this, 'not_applicable', 'no DNS or NTP servers given');
    const problems = [
      ...(dnsServers ? checkList('DNS', dnsServers, DNS_NTP_LIMITS.maxDnsServers, false) : []),
      ...(ntpServers ? checkList('NTP', ntpServers, DNS_NTP_LIMITS.maxNtpServers, true) : []),
    ];
    if (problems.length === 0) return result(this, 'pass', 'server lists are within limits');
    return result(this, 'fail', problems.join('; '), { problems });
  },
};
