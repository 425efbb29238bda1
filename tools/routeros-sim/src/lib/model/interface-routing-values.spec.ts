import { refusal, seededDevice } from '../testing/seeded-device.fixture';
import { SUPPORTED_VERSIONS, treeFor } from '../schema/menu-schema';
import { hasCuratedRule } from './arg-rules';
import { freeArgs } from './free-args';
import { INTERFACE_ROUTING_FREE_ARGS } from './interface-routing-free-args';
import { INTERFACE_ROUTING_VALUES } from './interface-routing-more-values';
import { MENU_BY_PATH } from './menus';
import { treeRule } from './tree-rules';

/** The second pass over the `/interface`, `/routing` and `/mpls` menus (model/interface-routing-more-values.ts, -free-args.ts). */

const takes = (version: string, menu: string, arg: string) => [...(treeFor(version)[menu]?.add ?? []), ...(treeFor(version)[menu]?.set ?? [])].includes(arg);

describe('the interface and routing second-pass tables', () => {
  it('type curated menus\' arguments a tree takes undescribed, each with its reference page', () => {
    for (const [menu, args] of Object.entries(INTERFACE_ROUTING_VALUES)) {
      expect(MENU_BY_PATH.has(menu)).toBe(true);
      for (const [arg, rule] of Object.entries(args)) {
        const taken = SUPPORTED_VERSIONS.filter((v) => takes(v, menu, arg));
        expect({ menu, arg, taken: taken.length > 0 }).toEqual({ menu, arg, taken: true });
        for (const v of taken) for (const c of ['add', 'set']) expect({ menu, arg, v, described: treeRule(v, menu, c, arg)?.kind ?? 'free' }).toEqual({ menu, arg, v, described: 'free' });
        expect(rule.source).toMatch(/^https:\/\/(manual|help)\.mikrotik\.com\/docs\//);
        expect(hasCuratedRule(menu, arg)).toBe(true);
      }
    }
  });

  it('give each free argument of these menus its reason, in the shared list', () => {
    const listed = new Set(freeArgs().map(({ path, arg }) => `${path} ${arg}`));
    for (const [menu, args] of Object.entries(INTERFACE_ROUTING_FREE_ARGS)) {
      expect(menu).toMatch(/^(interface|routing|mpls)\//);
      for (const arg of Object.keys(args)) expect(listed.has(`${menu} ${arg}`)).toBe(true);
    }
  });
});

describe.each(['7.15.3', '7.20.5'])('PPTP client values on %s', (version) => {
  const device = () => seededDevice('home', version);
  const base = { 'connect-to': '192.0.2.1', user: 'u' };

  it('takes the reference\'s words and numbers, `disabled` for mrru', () => {
    const s = device();
    expect(s.add('interface/pptp-client', { ...base, 'use-peer-dns': 'exclusively', 'default-route-distance': '5', mrru: '1600' })).toMatchObject({ 'use-peer-dns': 'exclusively', 'default-route-distance': '5', mrru: '1600' });
    expect(s.add('interface/pptp-client', { ...base, name: 'pptp-out2', 'use-peer-dns': 'no', mrru: 'disabled' })).toMatchObject({ 'use-peer-dns': 'no', mrru: 'disabled' });
  });

  it('refuses other values with RouterOS\'s words, changing nothing', () => {
    const s = device();
    expect(refusal(() => s.add('interface/pptp-client', { ...base, 'use-peer-dns': 'maybe' }))).toBe('input does not match any value of use-peer-dns');
    expect(refusal(() => s.add('interface/pptp-client', { ...base, 'default-route-distance': 'far' }))).toBe('invalid value for argument default-route-distance');
    expect(refusal(() => s.add('interface/pptp-client', { ...base, 'default-route-distance': '4294967296' }))).toBe('value of default-route-distance out of range (0..4294967295)');
    expect(refusal(() => s.add('interface/pptp-client', { ...base, mrru: 'auto' }))).toBe('invalid value for argument mrru');
    expect(s.list('interface/pptp-client')).toHaveLength(0);
  });
});

describe.each(['7.15.3', '7.20.5'])('bridge add-dhcp-option82 on %s', (version) => {
  it('takes yes/no (the Bridging page) and refuses another word, changing nothing', () => {
    const s = seededDevice('home', version);
    expect(refusal(() => s.update('interface/bridge', 'bridge', { 'add-dhcp-option82': 'maybe' }))).toBe('invalid value of add-dhcp-option82: maybe');
    expect(s.list('interface/bridge')[0]['add-dhcp-option82']).not.toBe('maybe');
    expect(s.update('interface/bridge', 'bridge', { 'add-dhcp-option82': 'yes' })).toMatchObject({ 'add-dhcp-option82': 'true' });
  });
});

describe('VXLAN ttl and vtep-vrf (7.20)', () => {
  it('take 0..255 or auto, and main or a VRF by name, following its rename', () => {
    const s = seededDevice('home', '7.20.5');
    s.add('ip/vrf', { name: 'underlay', interfaces: 'ether4' });
    const tunnel = s.add('interface/vxlan', { name: 'vx1', vni: '10', ttl: '64', 'vtep-vrf': 'underlay' });
    expect(tunnel).toMatchObject({ ttl: '64', 'vtep-vrf': 'underlay' });
    expect(s.update('interface/vxlan', 'vx1', { ttl: 'auto', 'vtep-vrf': 'main' })).toMatchObject({ ttl: 'auto', 'vtep-vrf': 'main' });
    s.update('interface/vxlan', 'vx1', { 'vtep-vrf': 'underlay' });
    s.update('ip/vrf', 'underlay', { name: 'transport' });
    expect(s.list('interface/vxlan').find((r) => r['.id'] === tunnel['.id'])!['vtep-vrf']).toBe('transport');
  });

  it('refuse a ttl past 255 or a word, and an unknown VRF, changing nothing', () => {
    const s = seededDevice('home', '7.20.5');
    expect(refusal(() => s.add('interface/vxlan', { name: 'vx1', vni: '10', ttl: '256' }))).toBe('value of ttl out of range (0..255)');
    expect(refusal(() => s.add('interface/vxlan', { name: 'vx1', vni: '10', ttl: 'high' }))).toBe('invalid value for argument ttl');
    expect(refusal(() => s.add('interface/vxlan', { name: 'vx1', vni: '10', 'vtep-vrf': 'ghost' }))).toBe('input does not match any value of vtep-vrf');
    expect(s.list('interface/vxlan')).toHaveLength(0);
  });

  it('stay unknown on 7.15.3, whose tree lacks them', () => {
    const s = seededDevice('home', '7.15.3');
    expect(refusal(() => s.add('interface/vxlan', { name: 'vx1', vni: '10', ttl: '64' }))).toMatch(/unknown parameter|expected end of command/);
  });
});

describe.each(['7.15.3', '7.20.5'])('PPPoE client values on %s (the PPPoE page)', (version) => {
  it('take a distance 0..255 and an mrru 512..65535 or disabled', () => {
    const s = seededDevice('home', version);
    expect(s.add('interface/pppoe-client', { interface: 'ether2', user: 'isp', 'default-route-distance': '255', mrru: '1600' })).toMatchObject({ 'default-route-distance': '255', mrru: '1600' });
    expect(s.add('interface/pppoe-client', { name: 'pppoe-b', interface: 'ether2', user: 'isp', mrru: 'disabled' })).toMatchObject({ mrru: 'disabled' });
  });

  it('refuse a distance past 255 and an mrru below 512, changing nothing', () => {
    const s = seededDevice('home', version);
    const before = s.list('interface/pppoe-client').length;
    expect(refusal(() => s.add('interface/pppoe-client', { interface: 'ether2', user: 'isp', 'default-route-distance': '256' }))).toBe('value of default-route-distance out of range (0..255)');
    expect(refusal(() => s.add('interface/pppoe-client', { interface: 'ether2', user: 'isp', mrru: '500' }))).toBe('value of mrru out of range (512..65535)');
    expect(refusal(() => s.add('interface/pppoe-client', { interface: 'ether2', user: 'isp', mrru: 'auto' }))).toBe('invalid value for argument mrru');
    expect(s.list('interface/pppoe-client')).toHaveLength(before);
  });
});
