import { WirelessInput, WirelessInterface, WirelessPackage, wirelessPlanner, WirelessSecurityProfile } from '@routeros-mcp/domain-changes';
import { ValidationError } from '@routeros-mcp/domain-kernel';
import type { PlanTopic } from './plan-topic';
import { list, onlyKeys, record, stringList, text, uniqueBy } from './topic-fields';

export const WIRELESS_PROFILE_LIMIT = 32;
export const WIRELESS_INTERFACE_LIMIT = 64;
const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
const LINE = /^[^\r\n"]{1,200}$/;
/** The pre-shared-key authentication types each package takes (EAP needs RADIUS and certificates: not a plan topic). */
const AUTH_TYPES: Readonly<Record<WirelessPackage, readonly string[]>> = { wifi: ['wpa-psk', 'wpa2-psk', 'wpa3-psk'], wireless: ['wpa-psk', 'wpa2-psk'] };

/** A WPA passphrase: 8-63 printable ASCII characters (IEEE 802.11i). The value is never put in an error. */
function passphrase(value: unknown, field: string): string {
  if (typeof value !== 'string' || !/^[\x20-\x7e]{8,63}$/.test(value)) throw ValidationError.single(field, 'must be 8-63 printable ASCII characters');
  return value;
}

function parseProfile(value: unknown, at: string, pkg: WirelessPackage): WirelessSecurityProfile {
  const p = record(value, at);
  onlyKeys(p, ['name', 'authentication-types', 'passphrase', 'comment'], `${at}.`);
  const types = stringList(p['authentication-types'], `${at}.authentication-types`);
  const bad = types.find((t) => !AUTH_TYPES[pkg].includes(t));
  if (bad) throw ValidationError.single(`${at}.authentication-types`, `'${bad}' is not one of ${AUTH_TYPES[pkg].join(', ')} (package ${pkg})`);
  return {
    name: text(p['name'], `${at}.name`, NAME, 'a profile name'),
    'authentication-types': [...new Set(types)],
    ...(p['passphrase'] !== undefined ? { passphrase: passphrase(p['passphrase'], `${at}.passphrase`) } : {}),
    ...(p['comment'] !== undefined ? { comment: text(p['comment'], `${at}.comment`, LINE, 'one line of text without quotes') } : {}),
  };
}

function parseInterface(value: unknown, at: string): WirelessInterface {
  const w = record(value, at);
  onlyKeys(w, ['name', 'ssid', 'security_profile', 'disabled'], `${at}.`);
  if (w['ssid'] !== undefined && (typeof w['ssid'] !== 'string' || !/^[^\r\n"]{1,32}$/.test(w['ssid']))) throw ValidationError.single(`${at}.ssid`, 'must be 1-32 characters without quotes');
  if (w['disabled'] !== undefined && typeof w['disabled'] !== 'boolean') throw ValidationError.single(`${at}.disabled`, 'must be true or false');
  const iface: WirelessInterface = {
    name: text(w['name'], `${at}.name`, NAME, 'an interface name'),
    ...(w['ssid'] !== undefined ? { ssid: w['ssid'] as string } : {}),
    ...(w['security_profile'] !== undefined ? { security_profile: text(w['security_profile'], `${at}.security_profile`, NAME, 'a profile name') } : {}),
    ...(w['disabled'] !== undefined ? { disabled: w['disabled'] as boolean } : {}),
  };
  if (Object.keys(iface).length === 1) throw ValidationError.single(`${at}`, 'give ssid, security_profile or disabled');
  return iface;
}

/**
 * SSIDs, security profiles and passphrases on the `wifi` package or the legacy `wireless` one: `{ package?: 'wifi' |
 * 'wireless', security_profiles?: [{ name, authentication-types, passphrase?, comment? }], interfaces?: [{ name,
 * ssid?, security_profile?, disabled? }], remove?: { security_profiles?: [name] } }`. Passphrases are secrets: the
 * plan keeps them sealed (secretFields), results and diffs show `[redacted]`, the change record keeps the old one
 * sealed in its inverse.
 */
export const wirelessTopic: PlanTopic<WirelessInput> = {
  name: 'wireless',
  tool: 'wireless_plan_step',
  requiresFlag: 'allow_wireless_writes',
  secretFields: ['security_profiles.*.passphrase'],
  parse(change) {
    onlyKeys(change, ['package', 'security_profiles', 'interfaces', 'remove'], '');
    const pkg = (change['package'] ?? 'wifi') as WirelessPackage;
    if (pkg !== 'wifi' && pkg !== 'wireless') throw ValidationError.single('package', 'must be wifi or wireless');
    const profiles = list(change['security_profiles'], 'security_profiles', WIRELESS_PROFILE_LIMIT).map((p, i) => parseProfile(p, `security_profiles.${i}`, pkg));
    const interfaces = list(change['interfaces'], 'interfaces', WIRELESS_INTERFACE_LIMIT).map((w, i) => parseInterface(w, `interfaces.${i}`));
    const rm = change['remove'] === undefined ? {} : record(change['remove'], 'remove');
    onlyKeys(rm, ['security_profiles'], 'remove.');
    const remove = { security_profiles: list(rm['security_profiles'], 'remove.security_profiles', WIRELESS_PROFILE_LIMIT).map((n, i) => text(n, `remove.security_profiles.${i}`, NAME, 'a profile name')) };
    if (profiles.length + interfaces.length + remove.security_profiles.length === 0) throw ValidationError.single('security_profiles', 'give security profiles, interfaces or removals');
    uniqueBy(profiles, (p) => p.name, 'security_profiles');
    uniqueBy(interfaces, (w) => w.name, 'interfaces');
    const clash = remove.security_profiles.find((n) => profiles.some((p) => p.name === n));
    if (clash) throw ValidationError.single('remove', `${clash} is both held and removed`);
    return { package: pkg, security_profiles: profiles, interfaces, remove };
  },
  describe: (input) =>
    [
      input.package,
      input.security_profiles.length ? `profiles ${input.security_profiles.map((p) => `${p.name}${p.passphrase !== undefined ? ' (passphrase)' : ''}`).join(', ')}` : '',
      input.interfaces.length ? `interfaces ${input.interfaces.map((w) => `${w.name}${w.ssid ? ` ssid ${w.ssid}` : ''}`).join(', ')}` : '',
    ].filter(Boolean).join('; '),
  planner: wirelessPlanner,
};
