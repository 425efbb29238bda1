/**
 * Arguments of model/interface-more-values.ts and model/system-values.ts that name rows of another menu, followed on
 * rename by model/value-rule-refs.ts. A leaf without imports, so value-rule-refs.ts never waits on the value modules.
 */
export const INTERFACE_SYSTEM_REFS: Record<string, Record<string, string[]>> = {
  'interface/bonding': { primary: ['interface'] },
  'system/ntp/client': { vrf: ['ip/vrf'] },
  snmp: { vrf: ['ip/vrf'] },
};
