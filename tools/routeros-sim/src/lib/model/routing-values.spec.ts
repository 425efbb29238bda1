import { expectGenericValueTable, takes, versionsOf } from '../testing/value-tables.fixture';
import { refusal, seededDevice } from '../testing/seeded-device.fixture';
import { treeFor } from '../schema/menu-schema';
import { MENU_BY_PATH } from './menus';
import { genericMenuOf } from './generic-menus';
import { hasCuratedRule } from './arg-rules';
import { BGP_TEMPLATE_BOOLS } from './routing-config';
import { ROUTING_ARG_BOOLS, ROUTING_CURATED_VALUES, ROUTING_GENERIC_VALUES } from './routing-values';

/** Value syntax of the routing menus' arguments, from MikroTik's CLI reference (model/routing-values.ts). */


describe('the tables', () => {
  it('name generic menus and arguments their add/set take that the tree leaves undescribed, each with its page', () => {
    expectGenericValueTable(ROUTING_GENERIC_VALUES, /^https:\/\/manual\.mikrotik\.com\/docs\/cli-reference\/routing\//);
  });

  it('name curated BGP/OSPF arguments the tree takes, which count as curated rules', () => {
    for (const [menu, args] of Object.entries(ROUTING_CURATED_VALUES)) {
      expect(MENU_BY_PATH.has(menu)).toBe(true);
      for (const [arg, rule] of Object.entries(args)) {
        expect({ menu, arg, taken: versionsOf(menu).some((v) => takes(v, menu, arg)) }).toEqual({ menu, arg, taken: true });
        expect({ menu, arg, curated: hasCuratedRule(menu, arg) }).toEqual({ menu, arg, curated: true });
        expect(rule.source).toMatch(/^https:\/\/manual\.mikrotik\.com\//);
      }
    }
    // The rules routing-config.ts had as a menu's own argRule count too (roles, types, templates).
    for (const [menu, arg] of [['routing/bgp/connection', 'local.role'], ['routing/bgp/template', 'templates'], ['routing/ospf/area', 'type'], ['routing/ospf/interface-template', 'auth']]) expect(hasCuratedRule(menu, arg)).toBe(true);
    for (const arg of BGP_TEMPLATE_BOOLS) expect(MENU_BY_PATH.get('routing/bgp/connection')!.bools).toContain(arg);
    expect(hasCuratedRule('routing/bgp/connection', 'output.network-blackhole')).toBe(true);
  });

  it('make the yes/no arguments of generic routing menus booleans', () => {
    for (const [menu, { args, source }] of Object.entries(ROUTING_ARG_BOOLS)) {
      expect(MENU_BY_PATH.has(menu)).toBe(false);
      expect(source).toMatch(/^https:\/\/manual\.mikrotik\.com\//);
      const newest = versionsOf(menu).at(-1)!;
      for (const arg of args) expect({ menu, arg, bool: genericMenuOf(treeFor(newest), menu)!.bools?.includes(arg) }).toEqual({ menu, arg, bool: true });
    }
  });
});

describe.each(['7.15.3', '7.20.5'])('routing menus on %s', (version) => {
  it.each([
    ['routing/bgp/template', { name: 't', 'nexthop-choice': 'self' }, 'input does not match any value of nexthop-choice'],
    ['routing/bgp/template', { name: 't', 'output.default-originate': 'sometimes' }, 'input does not match any value of output.default-originate'],
    ['routing/bgp/template', { name: 't', 'output.affinity': 'nowhere' }, 'input does not match any value of output.affinity'],
    ['routing/bgp/template', { name: 't', 'input.affinity': 'input' }, 'input does not match any value of input.affinity'],
    ['routing/bgp/template', { name: 't', 'input.allow-as': 'twice' }, 'invalid value for argument input.allow-as'],
    ['routing/bgp/template', { name: 't', 'output.remove-private-as': 'maybe' }, 'invalid value of output.remove-private-as: maybe'],
    ['routing/bgp/connection', { name: 'c', 'cisco-vpls-nlri-len-fmt': 'octets' }, 'input does not match any value of cisco-vpls-nlri-len-fmt'],
    ['routing/bgp/connection', { name: 'c', 'remote.ttl': '4294967296' }, 'value of remote.ttl out of range (0..4294967295)'],
    ['routing/bgp/connection', { name: 'c', 'output.default-prepend': '-1' }, 'invalid value for argument output.default-prepend'],
    ['routing/bgp/vpls', { name: 'v', 'pw-type': 'ethernet' }, 'input does not match any value of pw-type'],
    ['routing/bgp/vpls', { name: 'v', 'bridge-horizon': 'off' }, 'invalid value for argument bridge-horizon'],
    ['routing/bgp/vpn', { 'label-allocation-policy': 'per-route' }, 'input does not match any value of label-allocation-policy'],
    ['routing/ospf/instance', { name: 'o', 'originate-default': 'yes' }, 'input does not match any value of originate-default'],
    ['routing/ospf/instance', { name: 'o', 'domain-tag': 'blue' }, 'invalid value for argument domain-tag'],
    ['routing/ospf/area/range', { prefix: '10.0.0.0/8', advertise: 'sometimes' }, 'invalid value of advertise: sometimes'],
    ['routing/filter/select-rule', { chain: 's', 'do-take': 'all' }, 'invalid value for argument do-take'],
    ['routing/rip/instance', { name: 'r', 'originate-default': 'yes' }, 'input does not match any value of originate-default'],
    ['routing/filter/community-list', { list: 'l', communities: '65536:1' }, 'value of communities out of range (0..65535)'],
    ['routing/filter/community-list', { list: 'l', communities: '65000:1,no-where' }, 'invalid value for argument communities'],
    ['routing/filter/community-large-list', { list: 'l', communities: '1:2' }, 'invalid value for argument communities'],
    ['routing/filter/community-large-list', { list: 'l', communities: '1:2:4294967296' }, 'value of communities out of range (0..4294967295)'],
    ['routing/filter/community-ext-list', { list: 'l', communities: 'rx:1:2' }, 'invalid value for argument communities'],
    ['routing/filter/community-ext-list', { list: 'l', communities: 'rt:host:2' }, 'invalid value for argument communities'],
    ['routing/filter/num-list', { list: 'l', range: '64512..65535' }, 'invalid value for argument range'],
    ['routing/filter/num-list', { list: 'l', range: '1-4294967296' }, 'value of range out of range (0..4294967295)'],
    ['routing/rip/interface-template', { mode: 'active' }, 'input does not match any value of mode'],
    ['routing/rip/interface-template', { 'split-horizon': 'perhaps' }, 'invalid value of split-horizon: perhaps'],
    ['routing/pimsm/instance', { name: 'p', 'rp-hash-mask-length': 'wide' }, 'invalid value for argument rp-hash-mask-length'],
    ['routing/pimsm/bsr/rp-candidate', { priority: '-1' }, 'invalid value for argument priority'],
    ['routing/isis/interface-template', { 'bcast.l1.metric': 'low' }, 'invalid value for argument bcast.l1.metric'],
    ['routing/isis/instance', { name: 'i', 'l1.originate-default': 'yes' }, 'input does not match any value of l1.originate-default'],
  ])('refuses %s %j as RouterOS does, changing nothing', (menu, props, refused) => {
    const s = seededDevice('edge', version);
    const before = JSON.stringify(s.snapshot());
    expect(refusal(() => s.add(menu, props))).toBe(refused);
    expect(JSON.stringify(s.snapshot())).toBe(before);
  });

  it('takes what the reference allows: its words, integers from 0 to 2^32-1, keywords, and yes/no as booleans', () => {
    const s = seededDevice('edge', version);
    expect(s.add('routing/bgp/template', { name: 't', 'nexthop-choice': 'force-self', 'output.affinity': 'input', 'input.affinity': 'alone', 'input.allow-as': '2', 'output.default-prepend': '0', 'output.no-early-cut': 'yes' }))
      .toMatchObject({ 'nexthop-choice': 'force-self', 'output.affinity': 'input', 'input.allow-as': '2', 'output.no-early-cut': 'true' });
    expect(s.add('routing/bgp/connection', { name: 'c', templates: 't', 'output.default-originate': 'if-installed', 'remote.ttl': '255', 'local.ttl': '4294967295', 'input.limit-process-routes-ipv4': '3000000' }))
      .toMatchObject({ 'output.default-originate': 'if-installed', 'remote.ttl': '255', 'input.limit-process-routes-ipv4': '3000000' });
    expect(s.add('routing/bgp/vpls', { name: 'v', 'pw-type': 'vpls', 'pw-control-word': 'disabled', 'bridge-horizon': 'none', 'site-id': '1' })).toMatchObject({ 'bridge-horizon': 'none' });
    expect(s.add('routing/bgp/vpls', { name: 'v2', 'bridge-horizon': '3' })).toMatchObject({ 'bridge-horizon': '3' });
    s.add('routing/ospf/instance', { name: 'o', 'originate-default': 'always', 'domain-tag': '7' });
    expect(s.add('routing/ospf/area', { name: 'a', instance: 'o', type: 'nssa', 'nssa-translator': 'candidate', 'default-cost': '10' })).toMatchObject({ 'nssa-translator': 'candidate' });
    expect(s.add('routing/ospf/area/range', { area: 'a', prefix: '10.0.0.0/8', advertise: 'no', cost: '5' })).toMatchObject({ advertise: 'false' });
    expect(s.add('routing/rip/interface-template', { mode: 'passive', 'poison-reverse': 'yes', cost: '1' })).toMatchObject({ mode: 'passive', 'poison-reverse': 'true' });
    expect(s.add('routing/pimsm/instance', { name: 'p', 'switch-to-spt': 'no', 'switch-to-spt-bytes': '0' })).toMatchObject({ 'switch-to-spt': 'false' });
    // The filters' lists as exports write them.
    expect(s.add('routing/filter/community-list', { list: 'bh', communities: '65535:666,no-export,graceful-shutdown' })).toMatchObject({ communities: '65535:666,no-export,graceful-shutdown' });
    expect(s.add('routing/filter/community-large-list', { list: 'ix', communities: '142108:16:26' })).toMatchObject({ communities: '142108:16:26' });
    expect(s.add('routing/filter/community-ext-list', { list: 'x', communities: 'rt:142108:65404,soo:10.0.0.1:7,12345' })).toMatchObject({ communities: 'rt:142108:65404,soo:10.0.0.1:7,12345' });
    expect(s.add('routing/filter/num-list', { list: 'private-asn', range: '4200000000-4294967295' })).toMatchObject({ range: '4200000000-4294967295' });
    expect(s.add('routing/filter/num-list', { list: 'one', range: '65000' })).toMatchObject({ range: '65000' });
    // Left free where the pages disagree (afi: `ip` here, `ipv4` on the RIP and PIM-SM pages) or an interval may be a time.
    expect(s.add('routing/rip/instance', { name: 'r', afi: 'ipv4', 'route-timeout': '3m' })).toMatchObject({ afi: 'ipv4' });
    expect(s.add('routing/pimsm/bsr/rp-candidate', { holdtime: '2m' })).toMatchObject({ holdtime: '2m' });
    expect(s.add('routing/isis/interface-template', { 'ptp.l2.metric': '20', ptp: 'yes' })).toMatchObject({ 'ptp.l2.metric': '20', ptp: 'true' });
    // Left free: a filter chain is a name, IS-IS intervals are not typed (routing-values.ts).
    expect(s.add('routing/isis/interface-template', { 'bcast.l1.hello-interval': '10s' })).toMatchObject({ 'bcast.l1.hello-interval': '10s' });
    expect(refusal(() => s.add('routing/bgp/template', { name: 't2', 'output.filter-chain': 'any-name' }))).toBe('ok');
  });
});

describe('7.20-only BGP arguments', () => {
  it('take output.network-blackhole as yes/no on 7.20.5, and 7.15.3 does not know it', () => {
    expect(refusal(() => seededDevice('edge', '7.20.5').add('routing/bgp/template', { name: 't', 'output.network-blackhole': 'sure' }))).toBe('invalid value of output.network-blackhole: sure');
    expect(seededDevice('edge', '7.20.5').add('routing/bgp/connection', { name: 'c', 'output.network-blackhole': 'yes' })).toMatchObject({ 'output.network-blackhole': 'true' });
    expect(refusal(() => seededDevice('edge', '7.15.3').add('routing/bgp/connection', { name: 'c', 'output.network-blackhole': 'yes' }))).toMatch(/unknown parameter/);
  });
});

describe("a BGP connection's instance (7.20)", () => {
  it('names a /routing/bgp/instance row, not an OSPF instance', () => {
    const s = seededDevice('edge', '7.20.5');
    s.add('routing/ospf/instance', { name: 'ospf1' });
    expect(refusal(() => s.add('routing/bgp/connection', { name: 'c', instance: 'ospf1' }))).toBe('input does not match any value of instance');
    s.add('routing/bgp/instance', { name: 'bgp1', as: '65000' });
    expect(s.add('routing/bgp/connection', { name: 'c', instance: 'bgp1' })).toMatchObject({ instance: 'bgp1' });
  });
});
