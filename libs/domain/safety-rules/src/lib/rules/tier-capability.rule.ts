import { CapabilityFlag } from '@routeros-mcp/domain-devices';
import { result, SafetyRule } from '../safety-rule';
import { SafetyContext, Tier } from '../safety-context';

/** Topics whose writes need their own opt-in on top of the tier flag. */
export const TOPIC_WRITE_FLAGS: Readonly<Record<string, CapabilityFlag>> = {
  firewall: 'allow_firewall_writes',
  routing: 'allow_routing_writes',
  wireless: 'allow_wireless_writes',
  dhcp: 'allow_dhcp_writes',
  bridge: 'allow_bridge_writes',
};

const TIER_FLAGS: Readonly<Record<Tier, CapabilityFlag | undefined>> = {
  fundamental: undefined,
  advanced: 'allow_advanced_writes',
  professional: 'allow_professional_workflows',
};

export function requiredFlags(operation: SafetyContext['operation']): CapabilityFlag[] {
  const flags: CapabilityFlag[] = [];
  const tierFlag = TIER_FLAGS[operation.tier];
  if (tierFlag) flags.push(tierFlag);
  const topicFlag = TOPIC_WRITE_FLAGS[operation.topic];
  if (operation.writes && topicFlag) flags.push(topicFlag);
  if (operation.requiresFlag) flags.push(operation.requiresFlag);
  // A topic write that also names its topic's flag (dhcp_add_static_lease: allow_dhcp_writes) needs it once.
  return [...new Set(flags)];
}

/** Advanced and professional operations run only on devices whose operator opted in, per tier and topic. */
export const tierCapabilityRule: SafetyRule = {
  id: 'TIER_CAPABILITY',
  description: "The device's capability flags must allow the operation's tier and topic.",
  needsDeviceState: false,
  evaluate(ctx) {
    const flags = requiredFlags(ctx.operation);
    if (flags.length === 0) return result(this, 'pass', 'fundamental read needs no flag');
    if (!ctx.device) return result(this, 'fail', `${ctx.operation.tier} operations need a device with ${flags.join(' and ')}`, { tool_tier: ctx.operation.tier });
    const missing = flags.find((flag) => !ctx.device!.capabilities[flag]);
    if (!missing) return result(this, 'pass', `device allows ${flags.join(', ')}`);
    return result(this, 'fail', `device '${ctx.device.id}' does not allow ${ctx.operation.tier} ${ctx.operation.topic} operations (${missing} is off)`, {
      device_id: ctx.device.id,
      required_flag: missing,
      tool_tier: ctx.operation.tier,
    });
  },
};
