import type { ConsoleStep, PipelineSet, Placement, Scenario } from './scenarios';

// The lock-out corpus with the service on Wi-Fi: its laptop associated to the home router's wifi1 (the `wifi`
// package), to the legacy AP's wlan1 (`wireless`), or to the radio of the cAP the home router's CAPsMAN provisions
// (forwarding locally: the laptop's frames arrive on ether2, where the cAP is plugged in). Changes through the tools,
// the pipeline, plans (plan_wireless, plan_bridge) and undos (change_revert, plan_rollback) of changes made while the
// service was still wired. The simulator's client never associates again once what it associated with changes.

const ON_WIFI1: Placement = { clientAddress: '192.168.88.254', deviceAddress: '192.168.88.1', clientPort: 'wifi1' };
const ON_WLAN1: Placement = { clientAddress: '192.168.88.20', deviceAddress: '192.168.88.1', clientPort: 'wlan1' };
const ON_CAP: Placement = { clientAddress: '192.168.88.254', deviceAddress: '192.168.88.1', clientPort: 'ether2', radio: 'cap-hallway-5g' };

const wifi = (name: string, props: Record<string, string>): PipelineSet => ({ menu: 'interface/wifi', find: { name }, props });
const wlan = (name: string, props: Record<string, string>): PipelineSet => ({ menu: 'interface/wireless', find: { name }, props });
const set = (path: string, find: Record<string, string>, props: Record<string, string>): ConsoleStep => ({ action: 'set', path, find, props });
const add = (path: string, props: Record<string, string>): ConsoleStep => ({ action: 'add', path, props });

/** The cAP's radio is made by a provisioning rule from cap-cfg, whose security is cap-sec. */
const CAP_PROVISIONING: ConsoleStep[] = [
  add('interface/wifi/security', { name: 'cap-sec', 'authentication-types': 'wpa2-psk,wpa3-psk', passphrase: 'cap-passphrase-1' }),
  add('interface/wifi/configuration', { name: 'cap-cfg', ssid: 'MikroTik-home', security: 'cap-sec' }),
  add('interface/wifi/provisioning', { action: 'create-dynamic-enabled', 'master-configuration': 'cap-cfg' }),
];

export const WIFI_SCENARIOS: Scenario[] = [
  // ---------- dangerous: the radio the laptop is associated to (wifi package) ----------
  { name: 'disable wifi1 the laptop is on (tool)', profile: 'home', kind: 'dangerous', management: ON_WIFI1, tool: 'interface_set_enabled', args: () => ({ interface: 'wifi1', enabled: false }) },
  { name: 'disable wifi1 the laptop is on, in /interface/wifi', profile: 'home', kind: 'dangerous', management: ON_WIFI1, tool: 'pipeline', pipeline: wifi('wifi1', { disabled: 'true' }) },
  { name: 'change the SSID of wifi1 the laptop is on', profile: 'home', kind: 'dangerous', management: ON_WIFI1, tool: 'pipeline', pipeline: wifi('wifi1', { 'configuration.ssid': 'Lab-5G' }) },
  { name: 'change the passphrase of wifi1 the laptop is on', profile: 'home', kind: 'dangerous', management: ON_WIFI1, tool: 'pipeline', pipeline: wifi('wifi1', { 'security.passphrase': 'rotated-wifi-key' }) },
  { name: 'WPA3 only on wifi1 the laptop is on', profile: 'home', kind: 'dangerous', management: ON_WIFI1, tool: 'pipeline', pipeline: wifi('wifi1', { 'security.authentication-types': 'wpa3-psk' }) },
  { name: 'move wifi1 the laptop is on to another band', profile: 'home', kind: 'dangerous', management: ON_WIFI1, tool: 'pipeline', pipeline: wifi('wifi1', { 'channel.band': '5ghz-ac' }) },
  { name: 'move wifi1 the laptop is on to another channel', profile: 'home', kind: 'dangerous', management: ON_WIFI1, tool: 'pipeline', pipeline: wifi('wifi1', { 'channel.frequency': '5500' }) },
  { name: "disable wifi1's bridge port while the laptop is on it", profile: 'home', kind: 'dangerous', management: ON_WIFI1, tool: 'pipeline', pipeline: { menu: 'interface/bridge/port', find: { interface: 'wifi1' }, props: { disabled: 'true' } } },
  // ---------- dangerous: the same through plans (issue 21's repro first) ----------
  { name: 'plan_wireless disables wifi1 the laptop is on', profile: 'home', kind: 'dangerous', management: ON_WIFI1, tool: 'plan_wireless', change: { interfaces: [{ name: 'wifi1', disabled: true }] }, direct: [set('interface/wifi', { name: 'wifi1' }, { disabled: 'true' })] },
  { name: 'plan_wireless renames the SSID of wifi1 the laptop is on', profile: 'home', kind: 'dangerous', management: ON_WIFI1, tool: 'plan_wireless', change: { interfaces: [{ name: 'wifi1', ssid: 'Lab-5G' }] }, direct: [set('interface/wifi', { name: 'wifi1' }, { 'configuration.ssid': 'Lab-5G' })] },
  {
    name: 'plan_wireless moves wifi1 the laptop is on to a new security profile', profile: 'home', kind: 'dangerous', management: ON_WIFI1, tool: 'plan_wireless',
    change: { security_profiles: [{ name: 'lab-sec', 'authentication-types': ['wpa2-psk'], passphrase: 'lab-passphrase-1' }], interfaces: [{ name: 'wifi1', security_profile: 'lab-sec' }] },
    direct: [add('interface/wifi/security', { name: 'lab-sec', 'authentication-types': 'wpa2-psk', passphrase: 'lab-passphrase-1' }), set('interface/wifi', { name: 'wifi1' }, { security: 'lab-sec' })],
  },
  { name: "plan_bridge removes wifi1's port while the laptop is on it", profile: 'home', kind: 'dangerous', management: ON_WIFI1, tool: 'plan_bridge', change: { bridge: 'bridge', remove: { ports: ['wifi1'] } }, direct: [{ action: 'remove', path: 'interface/bridge/port', find: { interface: 'wifi1' } }] },
  // ---------- dangerous: the legacy wireless package ----------
  { name: 'disable wlan1 the laptop is on (tool, legacy)', profile: 'legacy-ap', kind: 'dangerous', management: ON_WLAN1, tool: 'interface_set_enabled', args: () => ({ interface: 'wlan1', enabled: false }) },
  { name: 'change the frequency of wlan1 the laptop is on (legacy)', profile: 'legacy-ap', kind: 'dangerous', management: ON_WLAN1, tool: 'pipeline', pipeline: wlan('wlan1', { frequency: '2437' }) },
  { name: 'plan_wireless disables wlan1 the laptop is on (legacy)', profile: 'legacy-ap', kind: 'dangerous', management: ON_WLAN1, tool: 'plan_wireless', change: { package: 'wireless', interfaces: [{ name: 'wlan1', disabled: true }] }, direct: [set('interface/wireless', { name: 'wlan1' }, { disabled: 'true' })] },
  { name: 'plan_wireless renames the SSID of wlan1 the laptop is on (legacy)', profile: 'legacy-ap', kind: 'dangerous', management: ON_WLAN1, tool: 'plan_wireless', change: { package: 'wireless', interfaces: [{ name: 'wlan1', ssid: 'Office' }] }, direct: [set('interface/wireless', { name: 'wlan1' }, { ssid: 'Office' })] },
  {
    name: 'plan_wireless re-keys the profile wlan1 the laptop is on uses (legacy)', profile: 'legacy-ap', kind: 'dangerous', management: ON_WLAN1, tool: 'plan_wireless',
    change: { package: 'wireless', security_profiles: [{ name: 'default', 'authentication-types': ['wpa2-psk'], passphrase: 'rotated-ac-key' }] },
    direct: [set('interface/wireless/security-profiles', { name: 'default' }, { 'wpa2-pre-shared-key': 'rotated-ac-key' })],
  },
  // ---------- dangerous: the cAP radio the home router's CAPsMAN provisions ----------
  {
    name: 'plan_wireless re-keys the profile the CAP radio the laptop is on is provisioned with', profile: 'home', kind: 'dangerous', setup: CAP_PROVISIONING, management: ON_CAP, tool: 'plan_wireless',
    change: { security_profiles: [{ name: 'cap-sec', 'authentication-types': ['wpa2-psk', 'wpa3-psk'], passphrase: 'cap-passphrase-2' }] },
    direct: [set('interface/wifi/security', { name: 'cap-sec' }, { passphrase: 'cap-passphrase-2' })],
  },
  { name: 'disable the provisioning rule that makes the CAP radio the laptop is on', profile: 'home', kind: 'dangerous', setup: CAP_PROVISIONING, management: ON_CAP, tool: 'pipeline', pipeline: { menu: 'interface/wifi/provisioning', find: { 'master-configuration': 'cap-cfg' }, props: { disabled: 'true' } } },
  { name: 'turn off the CAPsMAN that provisions the CAP radio the laptop is on', profile: 'home', kind: 'dangerous', setup: CAP_PROVISIONING, management: ON_CAP, tool: 'pipeline', pipeline: { menu: 'interface/wifi/capsman', find: { enabled: 'true' }, props: { enabled: 'false' } } },
  // ---------- dangerous: a plan made and approved while the laptop was wired, applied once it is on Wi-Fi ----------
  {
    name: 'plan_apply of an approved plan re-keying the profile wlan1 uses, after the laptop moved onto wlan1 (legacy)', profile: 'legacy-ap', kind: 'dangerous', management: ON_WLAN1, tool: 'plan_apply',
    prepare: { plan: 'plan_wireless', change: { package: 'wireless', security_profiles: [{ name: 'default', 'authentication-types': ['wpa2-psk'], passphrase: 'rotated-ac-key' }] }, approveOnly: true },
    direct: [set('interface/wireless/security-profiles', { name: 'default' }, { 'wpa2-pre-shared-key': 'rotated-ac-key' })],
  },
  {
    name: 'plan_apply of an approved plan disabling wifi1, after the laptop moved onto wifi1', profile: 'home', kind: 'dangerous', management: ON_WIFI1, tool: 'plan_apply',
    prepare: { plan: 'plan_wireless', change: { interfaces: [{ name: 'wifi1', disabled: true }] }, approveOnly: true },
    direct: [set('interface/wifi', { name: 'wifi1' }, { disabled: 'true' })],
  },
  // ---------- dangerous: undoing, once the laptop moved onto it, a change made while it was wired ----------
  {
    name: "change_revert would give wifi1 back the SSID the laptop no longer knows", profile: 'home', kind: 'dangerous', prepare: { pipeline: wifi('wifi1', { 'configuration.ssid': 'Lab-5G' }) }, management: ON_WIFI1, tool: 'change_revert',
    direct: [set('interface/wifi', { name: 'wifi1' }, { 'configuration.ssid': 'MikroTik-home' })],
  },
  {
    name: 'plan_rollback would give the profile wlan1 uses its old key back (legacy)', profile: 'legacy-ap', kind: 'dangerous', prepare: { plan: 'plan_wireless', change: { package: 'wireless', security_profiles: [{ name: 'default', 'authentication-types': ['wpa2-psk'], passphrase: 'rotated-ac-key' }] } }, management: ON_WLAN1, tool: 'plan_rollback',
    direct: [set('interface/wireless/security-profiles', { name: 'default' }, { 'wpa2-pre-shared-key': 'factory-ac-key' })],
  },
  {
    name: 'plan_rollback would disable wifi1 again after the laptop moved onto it', profile: 'home', kind: 'dangerous', setup: [set('interface/wifi', { name: 'wifi1' }, { disabled: 'true' })], prepare: { plan: 'plan_wireless', change: { interfaces: [{ name: 'wifi1', disabled: false }] } }, management: ON_WIFI1, tool: 'plan_rollback',
    direct: [set('interface/wifi', { name: 'wifi1' }, { disabled: 'true' })],
  },

  // ---------- harmless: radios the path does not cross, cosmetic changes to the one it does ----------
  { name: 'disable wifi2 while the laptop is on wifi1 (tool)', profile: 'home', kind: 'harmless', management: ON_WIFI1, tool: 'interface_set_enabled', args: () => ({ interface: 'wifi2', enabled: false }) },
  { name: 'a comment on wifi1 the laptop is on (tool)', profile: 'home', kind: 'harmless', management: ON_WIFI1, tool: 'interface_set_comment', args: () => ({ interface: 'wifi1', comment: 'the laptop is here' }) },
  { name: "change wifi2's SSID and passphrase while the laptop is on wifi1", profile: 'home', kind: 'harmless', management: ON_WIFI1, tool: 'pipeline', pipeline: wifi('wifi2', { 'configuration.ssid': 'Lab-2G', 'security.passphrase': 'lab-2g-passphrase' }) },
  { name: 'plan_wireless renames the SSID of wifi2 while the laptop is on wifi1', profile: 'home', kind: 'harmless', management: ON_WIFI1, tool: 'plan_wireless', change: { interfaces: [{ name: 'wifi2', ssid: 'Lab-2G' }] } },
  { name: 'plan_wireless adds a security profile no radio uses while the laptop is on wifi1', profile: 'home', kind: 'harmless', management: ON_WIFI1, tool: 'plan_wireless', change: { security_profiles: [{ name: 'spare-sec', 'authentication-types': ['wpa2-psk'], passphrase: 'spare-passphrase-1' }] } },
  { name: 'plan_wireless disables wifi1 while the laptop is wired', profile: 'home', kind: 'harmless', tool: 'plan_wireless', change: { interfaces: [{ name: 'wifi1', disabled: true }] } },
  { name: "plan_bridge gives wifi2's port another PVID (no VLAN filtering) while the laptop is on wifi1", profile: 'home', kind: 'harmless', management: ON_WIFI1, tool: 'plan_bridge', change: { bridge: 'bridge', ports: [{ interface: 'wifi2', pvid: 20 }] } },
  { name: 'plan_wireless renames the SSID of wlan2 while the laptop is on wlan1 (legacy)', profile: 'legacy-ap', kind: 'harmless', management: ON_WLAN1, tool: 'plan_wireless', change: { package: 'wireless', interfaces: [{ name: 'wlan2', ssid: 'Office' }] } },
  { name: 'disable wlan2 while the laptop is on wlan1 (legacy)', profile: 'legacy-ap', kind: 'harmless', management: ON_WLAN1, tool: 'pipeline', pipeline: wlan('wlan2', { disabled: 'true' }) },
  { name: 'disable wifi1 while the laptop is on the CAP radio', profile: 'home', kind: 'harmless', setup: CAP_PROVISIONING, management: ON_CAP, tool: 'pipeline', pipeline: wifi('wifi1', { disabled: 'true' }) },
  { name: 'a CAPsMAN provisioning rule while the laptop is on wifi1 (a radio of this router)', profile: 'home', kind: 'harmless', management: ON_WIFI1, tool: 'pipeline', pipeline: { menu: 'interface/wifi/provisioning', add: true, props: { action: 'create-disabled', 'supported-bands': '2ghz-ax' } } },
  { name: 'change_revert of an SSID change on wifi2 while the laptop is on wifi1', profile: 'home', kind: 'harmless', prepare: { pipeline: wifi('wifi2', { 'configuration.ssid': 'Lab-2G' }) }, management: ON_WIFI1, tool: 'change_revert' },
  { name: 'plan_rollback of an SSID change on wlan2 while the laptop is on wlan1 (legacy)', profile: 'legacy-ap', kind: 'harmless', prepare: { plan: 'plan_wireless', change: { package: 'wireless', interfaces: [{ name: 'wlan2', ssid: 'Office' }] } }, management: ON_WLAN1, tool: 'plan_rollback' },
];
