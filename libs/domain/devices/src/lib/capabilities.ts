/** Per-device opt-ins. Everything that can change a device is off until an operator turns it on. */
export const CAPABILITY_FLAGS = [
  'allow_advanced_writes',
  'allow_professional_workflows',
  'allow_firewall_writes',
  'allow_routing_writes',
  'allow_wireless_writes',
  'allow_dhcp_writes',
  'allow_bridge_writes',
  'allow_bandwidth_test',
] as const;

export type CapabilityFlag = (typeof CAPABILITY_FLAGS)[number];
export type Capabilities = Readonly<Record<CapabilityFlag, boolean>>;

export function defaultCapabilities(): Capabilities {
  return Object.freeze(Object.fromEntries(CAPABILITY_FLAGS.map((flag) => [flag, false])) as Record<CapabilityFlag, boolean>);
}

export function withCapabilities(base: Capabilities, patch: Partial<Record<CapabilityFlag, boolean>>): Capabilities {
  const merged = { ...base };
  for (const flag of CAPABILITY_FLAGS) if (patch[flag] !== undefined) merged[flag] = patch[flag]!;
  return Object.freeze(merged);
}
