import type { RefRule } from './generic-refs';

/**
 * References of the interface and system menus, kept in a leaf without runtime imports so model/value-rule-refs.ts
 * and model/generic-refs.ts never wait on the value modules.
 *
 * Arguments of model/interface-more-values.ts and model/system-values.ts that name rows of another menu, followed on
 * rename by model/value-rule-refs.ts.
 */
export const INTERFACE_SYSTEM_REFS: Record<string, Record<string, string[]>> = {
  'interface/bonding': { primary: ['interface'] },
  'interface/wifi/capsman': { 'ca-certificate': ['certificate'] },
  'system/ntp/client': { vrf: ['ip/vrf'] },
  snmp: { vrf: ['ip/vrf'] },
};

/**
 * Generic menus' references, merged into model/generic-refs.ts's table, from MikroTik's CLI reference: disk
 * `media-interface` and disk settings `auto-media-interface` (`iface_enum { none }`, cli-reference/disk.md and
 * disk/settings.md); the SCEP server's `ca-cert` (`enum` of certificates) and `next-ca-cert` (`enum (none)` over them,
 * cli-reference/certificate/scep-server.md).
 */
export const INTERFACE_SYSTEM_GENERIC_REFS: Record<string, Record<string, RefRule>> = {
  disk: { 'media-interface': { menus: ['interface'], keywords: ['none'] } },
  'disk/settings': { 'auto-media-interface': { menus: ['interface'], keywords: ['none'] } },
  'certificate/scep-server': { 'ca-cert': { menus: ['certificate'] }, 'next-ca-cert': { menus: ['certificate'], keywords: ['none'] } },
};
