import type { Row, RowOperation } from '@routeros-mcp/domain-changes';
import { apply, capsmanDevice, legacyCapsmanDevice, legacyWirelessDevice, LOGIN, wifiDevice } from '../../../test/management-path.fixtures';
import { evaluateManagementPath, managementPathReads } from './management-path';

type Rows = Record<string, Row[]>;
const set = (menu: string, id: string | undefined, props: Record<string, string>, unset?: string[]): RowOperation => ({ kind: 'set', menu, id, props, unset });
const add = (menu: string, props: Record<string, string>): RowOperation => ({ kind: 'add', menu, props });
const remove = (menu: string, id: string): RowOperation => ({ kind: 'remove', menu, id });

function judge(device: () => Rows, ops: RowOperation[]) {
  const before = device();
  return evaluateManagementPath(before, apply(before, ops), LOGIN);
}

const WIFI = 'interface/wifi';
const WW2 = 'interface/wifiwave2';
const WLAN = 'interface/wireless';
const wifi = () => wifiDevice();
const wifiwave2 = () => wifiDevice('wifi1', 'wifiwave2');
const legacy = () => legacyWirelessDevice();
const CANNOT = /cannot be judged from the device/;

/** Changes to the radio the service's laptop is associated to: a cut (fail) or a re-association it cannot judge. */
const dangerous: Array<[string, () => Rows, RowOperation[], 'fail' | 'not_evaluated', RegExp]> = [
  // the wifi package (7.13+)
  ['disable wifi1 through /interface/wifi', wifi, [set(WIFI, '*30', { disabled: 'true' })], 'fail', /^interface wifi1, 192\.168\.88\.254's port on bridge, would be disabled$/],
  ['disable wifi1 through /interface', wifi, [set('interface', '*30', { disabled: 'true' })], 'fail', /interface wifi1, 192\.168\.88\.254's port on bridge, would be disabled/],
  ['remove wifi1', wifi, [remove(WIFI, '*30')], 'fail', /^wifi1, the Wi-Fi interface 192\.168\.88\.254 reaches the device through, would be removed$/],
  ['put wifi1 in station mode', wifi, [set(WIFI, '*30', { 'configuration.mode': 'station' })], 'fail', /wifi1, .* would change its configuration\.mode to station, so 192\.168\.88\.254 could no longer associate to it/],
  ['change the SSID of wifi1 inline', wifi, [set(WIFI, '*30', { 'configuration.ssid': 'other' })], 'not_evaluated', /^the change would alter wifi1 \(configuration\.ssid\), which decides what wifi1, the Wi-Fi interface 192\.168\.88\.254 reaches the device through, offers its clients/],
  ['change the band of wifi1', wifi, [set(WIFI, '*30', { 'channel.band': '2ghz-ax' })], 'not_evaluated', /wifi1 \(channel\.band\)/],
  ['change the channel of wifi1', wifi, [set(WIFI, '*30', { 'channel.frequency': '5500' })], 'not_evaluated', /wifi1 \(channel\.frequency\)/],
  ['give wifi1 another security profile', wifi, [set(WIFI, '*30', { security: 'guest-sec' })], 'not_evaluated', /wifi1 \(security\)/],
  ['change the passphrase of the profile wifi1 uses', wifi, [set(`${WIFI}/security`, '*1', { passphrase: 'new-home-key' })], 'not_evaluated', /^the change would alter interface\/wifi\/security home-sec \(passphrase\)/],
  ['change the authentication types of the profile wifi1 uses', wifi, [set(`${WIFI}/security`, '*1', { 'authentication-types': 'wpa3-psk' })], 'not_evaluated', /home-sec \(authentication-types\)/],
  ['change the SSID of the configuration wifi1 uses', wifi, [set(`${WIFI}/configuration`, '*1', { ssid: 'renamed' })], 'not_evaluated', /interface\/wifi\/configuration home-cfg \(ssid\)/],
  ['disable the configuration profile wifi1 uses', wifi, [set(`${WIFI}/configuration`, '*1', { disabled: 'true' })], 'not_evaluated', /home-cfg \(disabled\)/],
  ['unset the inline security of wifi1 (plan_wireless with a profile)', wifi, [set(WIFI, '*30', {}, ['security'])], 'not_evaluated', /wifi1 \(security\)/],
  ['add an access-list rule', wifi, [add(`${WIFI}/access-list`, { action: 'reject', 'mac-address': 'A4:83:E7:11:22:33' })], 'not_evaluated', /interface\/wifi\/access-list \(.*mac-address.*\)/],
  ['make this device a CAP of another manager', wifi, [add(`${WIFI}/cap`, { enabled: 'true', 'discovery-interfaces': 'bridge' })], 'not_evaluated', /interface\/wifi\/cap/],
  ["remove wifi1's bridge port", wifi, [remove('interface/bridge/port', '*14')], 'fail', /^bridge port wifi1 \(192\.168\.88\.254's port on bridge\) would be removed$/],
  ["disable wifi1's bridge port", wifi, [set('interface/bridge/port', '*14', { disabled: 'true' })], 'fail', /bridge port wifi1 .* would be disabled/],
  // wifiwave2 (7.12 and earlier): the same menus under another name
  ['disable wifi1 (wifiwave2)', wifiwave2, [set(WW2, '*30', { disabled: 'true' })], 'fail', /wifi1, .* would be disabled/],
  ['change the passphrase of the profile wifi1 uses (wifiwave2)', wifiwave2, [set(`${WW2}/security`, '*1', { passphrase: 'x-new-key-1' })], 'not_evaluated', /interface\/wifiwave2\/security home-sec \(passphrase\)/],
  // the legacy wireless package
  ['disable wlan1', legacy, [set(WLAN, '*30', { disabled: 'true' })], 'fail', /interface wlan1, 192\.168\.88\.254's port on bridge, would be disabled/],
  ['change the SSID of wlan1', legacy, [set(WLAN, '*30', { ssid: 'Guests' })], 'not_evaluated', /wlan1 \(ssid\)/],
  ['change the frequency of wlan1', legacy, [set(WLAN, '*30', { frequency: '2437' })], 'not_evaluated', /wlan1 \(frequency\)/],
  ['move wlan1 to another security profile', legacy, [set(WLAN, '*30', { 'security-profile': 'office' })], 'not_evaluated', /wlan1 \(security-profile\)/],
  ['change the key of the profile wlan1 uses', legacy, [set(`${WLAN}/security-profiles`, '*0', { 'wpa2-pre-shared-key': 'new-ac-key' })], 'not_evaluated', /interface\/wireless\/security-profiles default \(wpa2-pre-shared-key\)/],
  ['put wlan1 in station mode', legacy, [set(WLAN, '*30', { mode: 'station' })], 'fail', /would change its mode to station/],
  // the wifi package's CAPsMAN: the laptop is on a CAP radio that forwards locally
  ['change the passphrase of the profile the CAP radio is provisioned with', capsmanDevice, [set(`${WIFI}/security`, '*3', { passphrase: 'new-cap-key' })], 'not_evaluated', /interface\/wifi\/security cap-sec \(passphrase\), which decides what cap-hall, the CAPsMAN-provided Wi-Fi interface/],
  ['change the provisioning rule that makes the CAP radio', capsmanDevice, [set(`${WIFI}/provisioning`, '*1', { 'master-configuration': 'home-cfg' })], 'not_evaluated', /interface\/wifi\/provisioning \(master-configuration\)/],
  ['turn CAPsMAN off', capsmanDevice, [set(`${WIFI}/capsman`, undefined, { enabled: 'false' })], 'not_evaluated', /interface\/wifi\/capsman \(enabled\)/],
  ['disable the CAP radio through /interface', capsmanDevice, [set('interface', '*40', { disabled: 'true' })], 'fail', /^cap-hall, the CAPsMAN-provided Wi-Fi interface 192\.168\.88\.254 reaches the device through, would be disabled$/],
  // the legacy CAPsMAN, forwarding to the manager: the CAP radio is a dynamic bridge port
  ['change the security of the configuration the CAP radio uses (legacy CAPsMAN)', legacyCapsmanDevice, [set('caps-man/security', '*1', { passphrase: 'new-garden-key' })], 'not_evaluated', /caps-man\/security sec-ac \(passphrase\)/],
  ['change the channel the CAP radio uses (legacy CAPsMAN)', legacyCapsmanDevice, [set('caps-man/channel', '*1', { frequency: '5500' })], 'not_evaluated', /caps-man\/channel ch-5g \(frequency\)/],
  ['turn the legacy CAPsMAN manager off', legacyCapsmanDevice, [set('caps-man/manager', undefined, { enabled: 'false' })], 'not_evaluated', /caps-man\/manager \(enabled\)/],
  ['change the legacy provisioning rule', legacyCapsmanDevice, [set('caps-man/provisioning', '*1', { action: 'none' })], 'not_evaluated', /caps-man\/provisioning \(action\)/],
];

/** Changes to radios the path does not cross, and cosmetic ones on the path's radio: no false refusal. */
const harmless: Array<[string, () => Rows, RowOperation[]]> = [
  ['disable wifi2', wifi, [set(WIFI, '*31', { disabled: 'true' })]],
  ['change the SSID and passphrase of wifi2', wifi, [set(WIFI, '*31', { 'configuration.ssid': 'other', 'security.passphrase': 'new-wifi2-key' })]],
  ['change the guest profile (used by the guest AP on wifi2)', wifi, [set(`${WIFI}/security`, '*2', { passphrase: 'new-guest-key' })]],
  ['add a new security profile', wifi, [add(`${WIFI}/security`, { name: 'spare', 'authentication-types': 'wpa2-psk', passphrase: 'spare-key-123' })]],
  ['comment on wifi1', wifi, [set(WIFI, '*30', { comment: 'laptop here' })]],
  ['rename wifi1', wifi, [set(WIFI, '*30', { name: 'wifi-5g' })]],
  ['comment on the profile wifi1 uses', wifi, [set(`${WIFI}/security`, '*1', { comment: 'home' })]],
  ['change the home profile while the laptop is on wifi2', () => wifiDevice('wifi2'), [set(`${WIFI}/security`, '*1', { passphrase: 'new-home-key' })]],
  ['disable wifi1 while the laptop is on wifi2', () => wifiDevice('wifi2'), [set(WIFI, '*30', { disabled: 'true' })]],
  ['change the passphrase of wifi1 while the laptop is wired (ether2)', () => wifiDevice('ether2'), [set(WIFI, '*30', { security: 'guest-sec' }), set(`${WIFI}/security`, '*1', { passphrase: 'x-new-key-2' })]],
  ['disable wlan2', legacy, [set(WLAN, '*31', { disabled: 'true' })]],
  ['change the key of the office profile (wlan2 only)', legacy, [set(`${WLAN}/security-profiles`, '*1', { 'wpa2-pre-shared-key': 'new-office-key' })]],
  ['change the SSID of wlan2', legacy, [set(WLAN, '*31', { ssid: 'Office' })]],
  ['change the home profile, which the CAP radio does not use', capsmanDevice, [set(`${WIFI}/security`, '*1', { passphrase: 'new-home-key' })]],
  ['disable wifi1 while the laptop is on a CAP radio', capsmanDevice, [set(WIFI, '*30', { disabled: 'true' })]],
  ['comment on the legacy configuration the CAP radio uses', legacyCapsmanDevice, [set('caps-man/configuration', '*1', { comment: 'garden' })]],
];

describe('evaluateManagementPath: a management path over Wi-Fi', () => {
  it.each(dangerous)('refuses: %s', (_name, device, ops, status, message) => {
    const verdict = judge(device, ops);
    expect(verdict.status).toBe(status);
    expect(verdict.message).toMatch(message);
  });

  it.each(harmless)('passes: %s', (_name, device, ops) => {
    const verdict = judge(device, ops);
    expect(verdict.message).not.toMatch(/would|cannot/);
    expect(verdict.status).toBe('pass');
  });

  it('explains what it cannot judge and how to proceed, naming properties but never their values', () => {
    const verdict = judge(wifi, [set(`${WIFI}/security`, '*1', { passphrase: 'brand-new-secret' })]);
    expect(verdict.message).toMatch(CANNOT);
    expect(verdict.message).toMatch(/they must associate again/);
    expect(verdict.message).toMatch(/Make this change over another path \(wired, or another radio\), or leave this device out$/);
    expect(JSON.stringify(verdict)).not.toMatch(/brand-new-secret|home-wifi-key/);
    expect(verdict.details).toMatchObject({ check: 'wireless', interface: 'wifi1', wireless_stack: 'wifi', changed: ['interface/wifi/security home-sec:passphrase'] });
  });

  it('counts its scenarios', () => {
    expect(dangerous.length).toBeGreaterThanOrEqual(30);
    expect(harmless.length).toBeGreaterThanOrEqual(15);
  });
});

describe('managementPathReads', () => {
  it('reads nothing for a change the path does not depend on', () => {
    expect(managementPathReads(['system/identity', 'ip/dns'])).toEqual([]);
  });

  it('reads the core menus and observations for a firewall change, and no wireless menu', () => {
    const reads = managementPathReads(['ip/firewall/filter']);
    expect(reads).toEqual(expect.arrayContaining(['ip/address', 'interface/bridge/host', 'user/active']));
    expect(reads.filter((m) => /wifi|wireless|caps-man/.test(m))).toEqual([]);
  });

  it("reads the whole stack of a wireless change, its registration table included, and only that stack's", () => {
    const reads = managementPathReads(['interface/wifi/security']);
    expect(reads).toEqual(expect.arrayContaining(['ip/address', 'interface/wifi', 'interface/wifi/configuration', 'interface/wifi/access-list', 'interface/wifi/provisioning', 'interface/wifi/capsman', 'interface/wifi/registration-table']));
    expect(reads.filter((m) => /wireless|caps-man|wifiwave2/.test(m))).toEqual([]);
    expect(managementPathReads(['interface/wireless/security-profiles'])).toEqual(expect.arrayContaining(['interface/wireless', 'interface/wireless/access-list', 'interface/wireless/registration-table']));
    expect(managementPathReads(['caps-man/security'])).toEqual(expect.arrayContaining(['caps-man/interface', 'caps-man/configuration', 'caps-man/provisioning', 'caps-man/manager', 'caps-man/registration-table']));
  });

  it('reads the registration tables for an /interface change (a CAP radio can be disabled there)', () => {
    expect(managementPathReads(['interface'])).toEqual(expect.arrayContaining(['interface/wifi/registration-table', 'caps-man/registration-table', 'interface/wireless/registration-table']));
  });
});
