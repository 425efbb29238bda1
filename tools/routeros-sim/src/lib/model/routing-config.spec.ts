import { refusal, seededDevice } from '../testing/seeded-device.fixture';
import { renderExport } from '../ssh/export';

const device = (version = '7.20.5') => seededDevice('edge', version);

describe.each(['7.15.3', '7.20.5'])('/routing/bgp and /routing/ospf configuration on %s', (version) => {
  it('BGP: connections name existing templates (following renames), as and addresses are checked, no session appears', () => {
    const s = device(version);
    expect(refusal(() => s.add('routing/bgp/template', { name: 't', as: '4294967296' }))).toBe('value of as out of range (0..4294967295)');
    s.add('routing/bgp/template', { name: 'upstream', as: '65001' });
    expect(refusal(() => s.add('routing/bgp/connection', { name: 'isp', templates: 'nope', 'remote.address': '192.0.2.1' }))).toBe('input does not match any value of templates');
    expect(refusal(() => s.add('routing/bgp/connection', { name: 'isp', 'remote.address': '192.0.2.300' }))).toBe('invalid value for argument remote.address');
    expect(refusal(() => s.add('routing/bgp/connection', { name: 'isp', 'local.role': 'friend' }))).toBe('input does not match any value of local.role');
    expect(refusal(() => s.add('routing/bgp/connection', { name: 'isp', 'remote.as': '-1' }))).not.toBe('ok');
    s.add('routing/bgp/connection', { name: 'isp', templates: 'upstream', 'remote.address': '192.0.2.1/32', 'remote.as': '64512', 'local.role': 'ebgp', as: '65001' });
    s.update('routing/bgp/template', 'upstream', { name: 'transit' });
    expect(s.get('routing/bgp/connection', 'isp')['templates']).toBe('transit');
    expect(refusal(() => s.remove('routing/bgp/template', 'transit'))).toBe('failure: template is in use');
    expect(s.list('routing/bgp/session')).toEqual([]);
  });

  it('OSPF: an area belongs to an existing instance, a template to an existing area and interfaces; renames followed', () => {
    const s = device(version);
    expect(refusal(() => s.add('routing/ospf/instance', { name: 'v2', 'router-id': '10.0.0.300' }))).toBe('invalid value for argument router-id');
    expect(refusal(() => s.add('routing/ospf/instance', { name: 'v2', 'router-id': 'no-such-id' }))).toBe('input does not match any value of router-id');
    expect(s.add('routing/ospf/instance', { name: 'v2', 'router-id': '10.255.0.1' })).toMatchObject({ version: '2', 'routing-table': 'main' });
    expect(refusal(() => s.add('routing/ospf/area', { name: 'bb' }))).toBe('missing value for instance');
    expect(refusal(() => s.add('routing/ospf/area', { name: 'bb', instance: 'v3' }))).toBe('input does not match any value of instance');
    expect(refusal(() => s.add('routing/ospf/area', { name: 'bb', instance: 'v2', type: 'hub' }))).toBe('input does not match any value of type');
    s.add('routing/ospf/area', { name: 'backbone', instance: 'v2' });
    expect(refusal(() => s.add('routing/ospf/area', { name: 'backbone2', instance: 'v2', 'area-id': '0.0.0.0' }))).toBe('failure: already have such area');
    expect(refusal(() => s.add('routing/ospf/interface-template', { area: 'backbone', interfaces: 'ether99' }))).toBe('input does not match any value of interfaces');
    expect(refusal(() => s.add('routing/ospf/interface-template', { area: 'backbone', type: 'mesh' }))).toBe('input does not match any value of type');
    s.add('routing/ospf/interface-template', { area: 'backbone', interfaces: 'ether1,ether2', type: 'ptp' });
    s.update('interface/ethernet', 'ether2', { name: 'uplink' });
    s.update('routing/ospf/area', 'backbone', { name: 'area0' });
    s.update('routing/ospf/instance', 'v2', { name: 'default' });
    expect(s.list('routing/ospf/interface-template')[0]).toMatchObject({ area: 'area0', interfaces: 'ether1,uplink' });
    expect(s.get('routing/ospf/area', 'area0')['instance']).toBe('default');
    expect(refusal(() => s.remove('routing/ospf/instance', 'default'))).toBe('failure: instance is in use');
    expect(refusal(() => s.remove('routing/ospf/area', 'area0'))).toBe('failure: area is in use');
    expect(s.list('routing/ospf/neighbor')).toEqual([]);
    expect(renderExport(s)).toMatch(/\/routing ospf instance\r\nadd name=default router-id=10.255.0.1\r\n\/routing ospf area\r\nadd instance=default name=area0\r\n/);
  });
});
