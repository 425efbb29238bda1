import { DeviceState } from './device-state';
import { seedConfig } from './profiles';
import { detail, refusalOf } from '../testing/rest-error-detail.fixture';
import { WIFI_BOOLS, WIFI_VALUES } from './wifi-values';
import { checkArg, hasCuratedRule } from './arg-rules';
import { SUPPORTED_VERSIONS, treeFor } from '../schema/menu-schema';
import { treeRule } from './tree-rules';
import { GENERIC_ARG_BOOLS, GENERIC_VALUES } from './generic-values';

/** The wifi menus' value syntax from MikroTik's WiFi and Interworking manual pages (model/wifi-values.ts). */

const rows: Record<string, Record<string, string>[]> = {
  'interface/bridge': [{ name: 'bridge' }],
  'interface/list': [{ name: 'LAN' }],
  interface: [{ name: 'wifi1' }, { name: 'bridge' }],
  'interface/wifi': [{ name: 'wifi1' }],
  certificate: [{ name: 'client-cert' }],
  'interface/wifi/aaa': [{ name: 'radius' }],
  'interface/wifi/steering': [{ name: 'steer' }],
  'interface/wifi/interworking': [{ name: 'hs20' }],
};
const check = (path: string, key: string, value: string) => checkArg(key, value, { path, rowsOf: (p) => rows[p] ?? [] });
const argsOf = (version: string, path: string) => [...(treeFor(version)[path]?.add ?? []), ...(treeFor(version)[path]?.set ?? [])];

describe('the tables', () => {
  it('name only arguments some wifi menu takes and the tree leaves undescribed, each with a manual page', () => {
    for (const [sub, table] of Object.entries(WIFI_VALUES)) {
      const path = sub === '' ? 'interface/wifi' : `interface/wifi/${sub}`;
      for (const [arg, rule] of Object.entries(table)) {
        const versions = SUPPORTED_VERSIONS.filter((v) => argsOf(v, path).includes(arg));
        expect({ arg, taken: versions.length > 0 }).toEqual({ arg, taken: true });
        for (const v of versions) expect({ arg, v, described: treeRule(v, path, 'add', arg)?.kind ?? 'free' }).toEqual({ arg, v, described: 'free' });
        expect({ path, arg, curated: hasCuratedRule(path, arg) }).toEqual({ path, arg, curated: true });
        expect(rule.source).toMatch(/^https:\/\/help\.mikrotik\.com\/docs\/spaces\/ROS\/pages\/\d+\//);
      }
    }
    for (const [path, bools] of Object.entries(GENERIC_ARG_BOOLS)) for (const arg of bools.args) expect({ arg, taken: argsOf('7.20.5', path).includes(arg) }).toEqual({ arg, taken: true });
    for (const [sub, args] of Object.entries(WIFI_BOOLS)) {
      for (const arg of args) {
        const name = sub === '' ? arg : `${sub}.${arg}`;
        expect({ name, taken: argsOf('7.20.5', 'interface/wifi').includes(name), curated: hasCuratedRule('interface/wifi', name) }).toEqual({ name, taken: true, curated: true });
      }
    }
  });
});

describe('argument values', () => {
  it.each<[string, string, [string, string][], [string, string][]]>([
    // [menu, argument, [value, stored][], [value, refusal][]]
    ['interface/wifi/channel', 'skip-dfs-channels', [['10min-cac', '10min-cac'], ['disabled', 'disabled']], [['yes', 'input does not match any value of skip-dfs-channels']]],
    ['interface/wifi/channel', 'frequency', [['2412', '2412'], ['5180-5240:20,5500-5580:20', '5180-5240:20,5500-5580:20'], ['2401-2483,5150-5350', '2401-2483,5150-5350']], [['ch36', 'invalid value for argument frequency'], ['5240-5180', 'invalid value for argument frequency']]],
    ['interface/wifi/channel', 'secondary-frequency', [['5530', '5530'], ['disabled', 'disabled']], [['auto', 'invalid value for argument secondary-frequency']]],
    ['interface/wifi/configuration', 'dtim-period', [['1', '1'], ['255', '255']], [['0', 'value of dtim-period out of range (1..255)'], ['256', 'value of dtim-period out of range (1..255)'], ['two', 'invalid value for argument dtim-period']]],
    ['interface/wifi/configuration', 'tx-power', [['17', '17']], [['41', 'value of tx-power out of range (0..40)']]],
    ['interface/wifi/configuration', 'antenna-gain', [['0', '0'], ['30', '30']], [['31', 'value of antenna-gain out of range (0..30)']]],
    ['interface/wifi/configuration', 'max-clients', [['1000', '1000']], [['0', 'value of max-clients out of range (1..1000)']]],
    ['interface/wifi/configuration', 'multicast-enhance', [['enabled', 'enabled']], [['yes', 'input does not match any value of multicast-enhance']]],
    ['interface/wifi/configuration', 'qos-classifier', [['dscp-high-3-bits', 'dscp-high-3-bits']], [['dscp', 'input does not match any value of qos-classifier']]],
    ['interface/wifi/configuration', 'manager', [['capsman-or-local', 'capsman-or-local']], [['cap', 'input does not match any value of manager']]],
    ['interface/wifi/configuration', 'installation', [['outdoor', 'outdoor']], [['any', 'input does not match any value of installation']]],
    ['interface/wifi/configuration', 'steering', [['steer', 'steer']], [['nope', 'input does not match any value of steering']]],
    ['interface/wifi/datapath', 'bridge-horizon', [['none', 'none'], ['5', '5']], [['-1', 'invalid value for argument bridge-horizon']]],
    ['interface/wifi/datapath', 'vlan-id', [['4095', '4095'], ['none', 'none']], [['4096', 'value of vlan-id out of range (1..4095)'], ['0', 'value of vlan-id out of range (1..4095)']]],
    ['interface/wifi/datapath', 'bridge', [['bridge', 'bridge']], [['bridge9', 'input does not match any value of bridge']]],
    ['interface/wifi/security', 'connect-priority', [['0/1', '0/1'], ['5', '5']], [['0/x', 'invalid value for argument connect-priority'], ['1/2/3', 'invalid value for argument connect-priority']]],
    ['interface/wifi/security', 'eap-methods', [['peap,tls', 'peap,tls']], [['peap,md5', 'input does not match any value of eap-methods']]],
    ['interface/wifi/security', 'eap-tls-certificate', [['client-cert', 'client-cert'], ['none', 'none']], [['other', 'input does not match any value of eap-tls-certificate']]],
    ['interface/wifi/security', 'ft-mobility-domain', [['44484', '44484']], [['65536', 'value of ft-mobility-domain out of range (0..65535)']]],
    ['interface/wifi/security', 'group-encryption', [['gcmp-256', 'gcmp-256']], [['wep', 'input does not match any value of group-encryption']]],
    ['interface/wifi/security', 'management-encryption', [['cmac', 'cmac']], [['gcmp', 'input does not match any value of management-encryption']]],
    ['interface/wifi/security', 'management-protection', [['required', 'required']], [['yes', 'input does not match any value of management-protection']]],
    ['interface/wifi/security', 'owe-transition-interface', [['wifi1', 'wifi1'], ['auto', 'auto']], [['wifi9', 'input does not match any value of interface']]],
    ['interface/wifi/security', 'sae-max-failure-rate', [['disabled', 'disabled'], ['40', '40']], [['many', 'invalid value for argument sae-max-failure-rate']]],
    ['interface/wifi/security', 'sae-pwe', [['hash-to-element', 'hash-to-element']], [['h2e', 'input does not match any value of sae-pwe']]],
    ['interface/wifi', 'arp', [['reply-only', 'reply-only']], [['on', 'input does not match any value of arp']]],
    ['interface/wifi', 'master-interface', [['wifi1', 'wifi1']], [['wifi9', 'input does not match any value of interface']]],
    ['interface/wifi', 'aaa', [['radius', 'radius']], [['none-such', 'input does not match any value of aaa']]],
    // The inline forms, named as written.
    ['interface/wifi', 'configuration.dtim-period', [['3', '3']], [['300', 'value of configuration.dtim-period out of range (1..255)']]],
    ['interface/wifi', 'channel.skip-dfs-channels', [['all', 'all']], [['some', 'input does not match any value of channel.skip-dfs-channels']]],
    ['interface/wifi', 'datapath.vlan-id', [['20', '20']], [['5000', 'value of datapath.vlan-id out of range (1..4095)']]],
    ['interface/wifi', 'security.group-encryption', [['ccmp', 'ccmp']], [['wep', 'input does not match any value of security.group-encryption']]],
    ['interface/wifi', 'interworking.wan-status', [['up', 'up']], [['sideways', 'input does not match any value of interworking.wan-status']]],
    ['interface/wifi/configuration', 'channel.frequency', [['5180', '5180']], [['auto', 'invalid value for argument channel.frequency']]],
    ['interface/wifi/configuration', 'interworking.wan-uplink-load', [['255', '255']], [['256', 'value of interworking.wan-uplink-load out of range (0..255)']]],
  ])('%s %s takes %j and refuses %j with RouterOS words', (path, arg, good, bad) => {
    for (const [value, stored] of good) expect({ value, stored: check(path, arg, value) }).toEqual({ value, stored });
    for (const [value, refusal] of bad) expect({ value, refusal: refusalOf(() => check(path, arg, value)) }).toEqual({ value, refusal });
  });

  it('leaves to the CLI reference (model/interface-more-values.ts) the arguments whose page type RouterOS contradicts', () => {
    // band (exports and /console/inspect show 5ghz-n, the page 5ghz-an), wps (exports write `disable`), mode.
    expect(check('interface/wifi/channel', 'band', '5ghz-n')).toBe('5ghz-n');
    expect(check('interface/wifi/security', 'wps', 'disable')).toBe('disable');
    expect(check('interface/wifi/configuration', 'mode', 'station-bridge')).toBe('station-bridge');
    // traffic-processing: the page's list is for 7.21beta2 on, the 7.20.5 tree's argument may take other words.
    expect(check('interface/wifi/datapath', 'traffic-processing', 'auto')).toBe('auto');
    expect(GENERIC_VALUES['interface/wifi/interworking']['venue']).toBeUndefined();
  });
});

const users = [{ name: 'admin', password: 'x', group: 'full' as const }];
const device = (version: string) => new DeviceState(version, 42, () => seedConfig({ profile: 'home', version, identity: 'r1', index: 0, users }));

describe.each(SUPPORTED_VERSIONS)('wifi menus on %s', (version) => {
  it.each<[string, Record<string, string>, string]>([
    ['interface/wifi/configuration', { name: 'cfg1', 'dtim-period': '0' }, 'value of dtim-period out of range (1..255)'],
    ['interface/wifi/configuration', { name: 'cfg1', 'hide-ssid': 'maybe' }, 'invalid value of hide-ssid: maybe'],
    ['interface/wifi/channel', { name: 'ch1', 'skip-dfs-channels': 'some' }, 'input does not match any value of skip-dfs-channels'],
    ['interface/wifi/security', { name: 'sec1', 'management-protection': 'on' }, 'input does not match any value of management-protection'],
    ['interface/wifi/security', { name: 'sec1', ft: 'sometimes' }, 'invalid value of ft: sometimes'],
    ['interface/wifi/datapath', { name: 'dp1', 'bridge-cost': 'low' }, 'invalid value for argument bridge-cost'],
    ['interface/wifi/steering', { name: 'st1', rrm: 'perhaps' }, 'invalid value of rrm: perhaps'],
    ['interface/wifi/interworking', { name: 'iw1', 'network-type': 'home' }, 'input does not match any value of network-type'],
    ['interface/wifi/interworking', { name: 'iw1', 'wan-measurement-duration': '70000' }, 'value of wan-measurement-duration out of range (0..65535)'],
    ['interface/wifi/access-list', { action: 'allow' }, 'input does not match any value of action'],
  ])('refuses %s %j, changing nothing', (menu, props, refusal) => {
    const s = device(version);
    const before = JSON.stringify(s.snapshot());
    expect(detail(() => s.add(menu, props))).toBe(refusal);
    expect(JSON.stringify(s.snapshot())).toBe(before);
  });

  it('stores what the manual allows, booleans as RouterOS prints them, and refuses a bad set on an existing row', () => {
    const s = device(version);
    const cfg = s.add('interface/wifi/configuration', { name: 'cfg1', 'dtim-period': '2', 'hide-ssid': 'yes', 'multicast-enhance': 'enabled', 'channel.skip-dfs-channels': '10min-cac', 'security.ft': 'yes' });
    expect(cfg).toMatchObject({ 'dtim-period': '2', 'hide-ssid': 'true', 'multicast-enhance': 'enabled', 'channel.skip-dfs-channels': '10min-cac', 'security.ft': 'true' });
    expect(s.add('interface/wifi/steering', { name: 'st1', rrm: 'no', wnm: 'yes' })).toMatchObject({ rrm: 'false', wnm: 'true' });
    const wifi1 = s.list('interface/wifi').find((r) => r['name'] === 'wifi1')!;
    const before = JSON.stringify(s.snapshot());
    expect(detail(() => s.update('interface/wifi', wifi1['.id'], { 'configuration.tx-power': '50' }))).toBe('value of configuration.tx-power out of range (0..40)');
    expect(detail(() => s.update('interface/wifi/configuration', cfg['.id'], { 'dtim-period': '256' }))).toBe('value of dtim-period out of range (1..255)');
    // max-clients exists from 7.18 on: typed where the tree has it, unknown before.
    const maxClients = version === '7.15.3' ? 'unknown parameter max-clients' : 'value of max-clients out of range (1..1000)';
    expect(detail(() => s.update('interface/wifi/configuration', cfg['.id'], { 'max-clients': '1001' }))).toBe(maxClients);
    expect(JSON.stringify(s.snapshot())).toBe(before);
    expect(s.update('interface/wifi', wifi1['.id'], { 'configuration.tx-power': '17', 'steering.rrm': 'yes' })).toMatchObject({ 'configuration.tx-power': '17', 'steering.rrm': 'true' });
  });
});
