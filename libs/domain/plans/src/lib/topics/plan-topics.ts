import { ValidationError } from '@routeros-mcp/domain-kernel';
import { addressListSyncTopic } from './address-list-sync.topic';
import { dnsNtpTopic } from './dns-ntp.topic';
import { firewallRulesTopic } from './firewall-rules.topic';
import { staticRoutesTopic } from './static-routes.topic';
import { dhcpTopic } from './dhcp.topic';
import { bridgeTopic } from './bridge.topic';
import { wirelessTopic } from './wireless.topic';
import { menuChangesTopic } from './menu-changes.topic';
import type { PlanTopic } from './plan-topic';

/** Every topic a plan can have, by name: the seven of issue 14 and any menu's changes (issue 24). */
export const PLAN_TOPICS: Readonly<Record<string, PlanTopic>> = {
  [dnsNtpTopic.name]: dnsNtpTopic as PlanTopic,
  [addressListSyncTopic.name]: addressListSyncTopic as PlanTopic,
  [firewallRulesTopic.name]: firewallRulesTopic as PlanTopic,
  [staticRoutesTopic.name]: staticRoutesTopic as PlanTopic,
  [dhcpTopic.name]: dhcpTopic as PlanTopic,
  [bridgeTopic.name]: bridgeTopic as PlanTopic,
  [wirelessTopic.name]: wirelessTopic as PlanTopic,
  [menuChangesTopic.name]: menuChangesTopic as PlanTopic,
};

export function planTopic(name: string): PlanTopic {
  const topic = PLAN_TOPICS[name];
  if (!topic) throw ValidationError.single('topic', `must be one of ${Object.keys(PLAN_TOPICS).join(', ')}`);
  return topic;
}
