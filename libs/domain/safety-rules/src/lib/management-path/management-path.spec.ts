import type { Row, RowOperation } from '@routeros-mcp/domain-changes';
import { apply, chrDevice, edgeDevice, homeDevice, LOGIN, vlanDevice } from '../../../test/management-path.fixtures';
import { evaluateManagementPath } from './management-path';

type Rows = Record<string, Row[]>;
const set = (menu: string, id: string, props: Record<string, string>, unset?: string[]): RowOperation => ({ kind: 'set', menu, id, props, unset });
const add = (menu: string, props: Record<string, string>, placeBefore?: string): RowOperation => ({ kind: 'add', menu, props, placeBefore });
const remove = (menu: string, id: string): RowOperation => ({ kind: 'remove', menu, id });
const move = (menu: string, id: string, destination?: string): RowOperation => ({ kind: 'move', menu, id, destination });
const FILTER = 'ip/firewall/filter';
const drop = (props: Record<string, string>, placeBefore?: string) => add(FILTER, { chain: 'input', action: 'drop', ...props }, placeBefore);

function judge(device: () => Rows, ops: RowOperation[]) {
  const before = device();
  return evaluateManagementPath(before, apply(before, ops), LOGIN);
}

describe('evaluateManagementPath: learning the path', () => {
  it('passes a change that touches nothing the path depends on, without learning anything', () => {
    const before = { 'system/identity': [{ name: 'a' }] };
    expect(evaluateManagementPath(before, { 'system/identity': [{ name: 'b' }] }, LOGIN).status).toBe('pass');
  });

  it.each([
    ['no session of the login', (r: Rows) => { r['user/active'] = r['user/active'].filter((s) => s['name'] !== 'mcp'); }, /no session of 'mcp'/],
    ['no connection-tracking entry to the REST port', (r: Rows) => { r['ip/firewall/connection'] = []; }, /no connection-tracking entry from 192\.168\.88\.254 to port 443/],
    ['no ARP entry for the client', (r: Rows) => { r['ip/arp'] = []; }, /no ARP entry for 192\.168\.88\.254/],
    ['no bridge host entry for its MAC', (r: Rows) => { r['interface/bridge/host'] = []; }, /no bridge host entry for A4:83:E7:11:22:33 on bridge/],
  ])('fails closed when the device shows %s', (_name, strip, reason) => {
    const before = homeDevice();
    strip(before);
    const verdict = evaluateManagementPath(before, apply(before, [set('ip/address', '*20', { comment: 'x' })]), LOGIN);
    expect(verdict.status).toBe('not_evaluated');
    expect(verdict.message).toMatch(reason);
  });

  it('reports the learned endpoint in the details of a pass', () => {
    const verdict = judge(homeDevice, [set('ip/address', '*20', { comment: 'LAN' })]);
    expect(verdict).toMatchObject({
      status: 'pass',
      details: { client_address: '192.168.88.254', device_address: '192.168.88.1', ingress_interface: 'bridge', bridge: 'bridge', bridge_port: 'ether2' },
    });
    expect(verdict.message).toBe("the service's connections from 192.168.88.254 to 192.168.88.1 (www-ssl/443, ssh/22) still pass");
  });

  it('learns a routed client through the ARP entry of its gateway', () => {
    const verdict = judge(edgeDevice, [set('ip/address', '*3', { comment: 'mgmt' })]);
    expect(verdict).toMatchObject({ status: 'pass', details: { client_address: '10.100.250.10', ingress_interface: 'vlan100-mgmt', gateway: '10.100.5.254' } });
  });
});

/** Changes that cut the service's path: each must be refused with its cause. */
const dangerous: Array<[string, () => Rows, RowOperation[], RegExp, ('fail' | 'not_evaluated')?]> = [
  // addresses and interfaces
  ['remove the management address', homeDevice, [remove('ip/address', '*20')], /^address 192\.168\.88\.1\/24 on bridge would be removed$/],
  ['disable the management address', homeDevice, [set('ip/address', '*20', { disabled: 'true' })], /^address 192\.168\.88\.1\/24 on bridge would be disabled$/],
  ['move the management address onto a bridge port', homeDevice, [set('ip/address', '*20', { interface: 'ether5' })], /ether5 would become a port of bridge/],
  ['disable the bridge', homeDevice, [set('interface/bridge', '*6', { disabled: 'true' })], /^interface bridge, which carries 192\.168\.88\.1\/24, would be disabled$/],
  ['disable the bridge through /interface', homeDevice, [set('interface', '*6', { disabled: 'true' })], /interface bridge, which carries .* would be disabled/],
  ["disable the client's bridge port", homeDevice, [set('interface/bridge/port', '*10', { disabled: 'true' })], /^bridge port ether2 \(192\.168\.88\.254's port on bridge\) would be disabled$/],
  ["remove the client's bridge port", homeDevice, [remove('interface/bridge/port', '*10')], /bridge port ether2 .* would be removed/],
  ["move the client's port to another bridge", homeDevice, [add('interface/bridge', { name: 'bridge2' }), set('interface/bridge/port', '*10', { bridge: 'bridge2' })], /bridge port ether2 .* would move from bridge to bridge2/],
  ["disable the client's ethernet port", homeDevice, [set('interface/ethernet', '*2', { disabled: 'true' })], /interface ether2, 192\.168\.88\.254's port on bridge, would be disabled/],
  ['disable the management VLAN interface', edgeDevice, [set('interface/vlan', '*12', { disabled: 'true' })], /interface vlan100-mgmt, which carries 10\.100\.5\.1\/24, would be disabled/],
  ["disable the VLAN's parent", edgeDevice, [set('interface/ethernet', '*10', { disabled: 'true' })], /^interface ether16 \(under vlan100-mgmt\), which carries 10\.100\.5\.1\/24, would be disabled$/],
  ['remove the management VLAN interface', edgeDevice, [remove('interface/vlan', '*12'), remove('interface', '*12')], /^interface vlan100-mgmt, which carries 10\.100\.5\.1\/24, would be removed$/],
  ['turn ARP to reply-only on the management interface', homeDevice, [set('interface/bridge', '*6', { arp: 'reply-only' })], /^bridge would be set to arp=reply-only with no static ARP entry for 192\.168\.88\.254, so replies to 192\.168\.88\.254 could not be sent$/],
  ['disable ARP towards the gateway of a routed client', edgeDevice, [set('interface/vlan', '*12', { arp: 'disabled' })], /^vlan100-mgmt would be set to arp=disabled with no static ARP entry for 10\.100\.5\.254/],
  ['retag the management VLAN interface', edgeDevice, [set('interface/vlan', '*12', { 'vlan-id': '200' })], /^vlan100-mgmt would move from VLAN 100 to VLAN 200$/],
  ['disable the bond the client sits behind', () => vlanDevice('bond1'), [set('interface/bonding', '*8', { disabled: 'true' })], /interface bond1, 10\.99\.0\.50's port on bridge, would be disabled/],
  // VLAN filtering
  ["move the client's access port to another PVID", vlanDevice, [set('interface/bridge/port', '*11', { pvid: '20' })], /bridge port ether3 would put 10\.99\.0\.50 in VLAN 20 \(PVID\) while 10\.99\.0\.1 is in VLAN 99/],
  ['make the access port admit only tagged frames', vlanDevice, [set('interface/bridge/port', '*11', { 'frame-types': 'admit-only-vlan-tagged' })], /bridge port ether3 would admit only tagged frames/],
  ['take the bridge out of the management VLAN', vlanDevice, [set('interface/bridge/vlan', '*30', { tagged: 'ether2,bond1' })], /bridge bridge would not be a tagged member of VLAN 99/],
  ['renumber the management VLAN entry', vlanDevice, [set('interface/bridge/vlan', '*30', { 'vlan-ids': '98' })], /VLAN 99/],
  ['drop VLAN 99 from the trunk the client uses', () => vlanDevice('ether2'), [set('interface/bridge/vlan', '*30', { tagged: 'bridge,bond1' })], /bridge port ether2 would no longer carry VLAN 99 tagged/],
  ['make the trunk admit only untagged frames', () => vlanDevice('ether2'), [set('interface/bridge/port', '*10', { 'frame-types': 'admit-only-untagged-and-priority-tagged' })], /bridge port ether2 would admit only untagged frames/],
  ['turn on VLAN filtering with the port in another PVID', homeDevice, [set('interface/bridge/port', '*10', { pvid: '10' }), set('interface/bridge', '*6', { 'vlan-filtering': 'yes' })], /bridge port ether2 would put 192\.168\.88\.254 in VLAN 10/],
  ['make the bridge admit only untagged frames to a VLAN interface', vlanDevice, [set('interface/bridge', '*6', { 'frame-types': 'admit-only-untagged-and-priority-tagged' })], /^bridge bridge would admit only untagged frames to the device, which takes VLAN 99 tagged$/],
  ['make the bridge admit only tagged frames under VLAN filtering', homeDevice, [set('interface/bridge', '*6', { 'vlan-filtering': 'yes', 'frame-types': 'admit-only-vlan-tagged' })], /^bridge bridge would admit only tagged frames to the device, which takes VLAN 1 untagged$/],
  ['change the bridge PVID under VLAN filtering', homeDevice, [set('interface/bridge', '*6', { 'vlan-filtering': 'yes', pvid: '10' })], /in VLAN 1 \(PVID\) while 192\.168\.88\.1 is in VLAN 10/],
  // routes
  ['remove the route back', edgeDevice, [remove('ip/route', '*80000003')], /^the reply to 10\.100\.250\.10 would leave through sfp-sfpplus1 \(route \*80000001 0\.0\.0\.0\/0 via 203\.0\.113\.1\) instead of vlan100-mgmt$/],
  ['disable the route back', edgeDevice, [set('ip/route', '*80000003', { disabled: 'true' })], /would leave through sfp-sfpplus1/],
  ['point the route back at an unreachable gateway', edgeDevice, [set('ip/route', '*80000003', { gateway: '10.200.0.1' })], /would leave through sfp-sfpplus1/],
  ['add a more specific route out of the uplink', edgeDevice, [add('ip/route', { 'dst-address': '10.100.250.0/24', gateway: '203.0.113.1' })], /would leave through sfp-sfpplus1 \(route \*NEW\d+ 10\.100\.250\.0\/24 via 203\.0\.113\.1\)/],
  ['blackhole the client', edgeDevice, [add('ip/route', { 'dst-address': '10.100.250.10/32', blackhole: 'yes' })], /no route back to 10\.100\.250\.10 would remain \(route .* is a blackhole\)/],
  ['add a routing rule that drops the reply', edgeDevice, [add('routing/rule', { 'dst-address': '10.100.250.0/24', action: 'unreachable' })], /no route back to 10\.100\.250\.10 would remain \(routing rule \*NEW\d+ would unreachable it\)/],
  ['send the reply to an empty table only', edgeDevice, [add('routing/table', { name: 'other', fib: '' }), add('routing/rule', { 'src-address': '10.100.5.1/32', action: 'lookup-only-in-table', table: 'other' })], /no route back .* \(no route in table other\)/],
  // services
  ['disable www-ssl', homeDevice, [set('ip/service', '*5', { disabled: 'true' })], /^www-ssl would be disabled$/],
  ['disable ssh', homeDevice, [set('ip/service', '*4', { disabled: 'true' })], /^ssh would be disabled$/],
  ['move www-ssl to another port', homeDevice, [set('ip/service', '*5', { port: '8443' })], /^www-ssl would move from port 443 to 8443$/],
  ['move ssh to another port', edgeDevice, [set('ip/service', '*4', { port: '2222' })], /^ssh would move from port 22 to 2222$/],
  ["restrict www-ssl's allow list", homeDevice, [set('ip/service', '*5', { address: '10.0.0.0/8' })], /^www-ssl would accept only from 10\.0\.0\.0\/8$/],
  ["restrict ssh's allow list", edgeDevice, [set('ip/service', '*4', { address: '10.100.5.0/24,192.0.2.0/24' })], /^ssh would accept only from 10\.100\.5\.0\/24,192\.0\.2\.0\/24$/],
  ["take www-ssl's certificate", homeDevice, [set('ip/service', '*5', { certificate: 'none' })], /^www-ssl would lose its certificate$/],
  // the certificate www-ssl presents: the client pinned its fingerprint at enrolment
  ['point www-ssl at another certificate', homeDevice, [set('ip/service', '*5', { certificate: 'spare-cert' })], /^www-ssl would present certificate spare-cert instead of mcp-cert: the device's pinned TLS identity would change$/],
  ['point www-ssl at a new certificate', edgeDevice, [add('certificate', { name: 'new-cert', 'common-name': 'new', fingerprint: 'c'.repeat(64), 'private-key': 'true' }), set('ip/service', '*5', { certificate: 'new-cert' })], /^www-ssl would present certificate new-cert instead of mcp-cert/],
  ['remove the certificate www-ssl uses', homeDevice, [remove('certificate', '*C1')], /^www-ssl's certificate mcp-cert would be removed from \/certificate$/],
  ['replace the certificate www-ssl uses by another of its name', edgeDevice, [remove('certificate', '*C1'), set('certificate', '*C2', { name: 'mcp-cert' })], /^www-ssl would present certificate mcp-cert instead of mcp-cert/],
  ["take the private key of www-ssl's certificate", homeDevice, [set('certificate', '*C1', { 'private-key': 'false' })], /^www-ssl's certificate mcp-cert would have no private key$/],
  // the input chain, in every form
  ['drop the client address before the accept', homeDevice, [drop({ 'src-address': '192.168.88.254' }, '*F0')], /^rule 0 \(\*NEW\d+\) would drop tcp\/443 from 192\.168\.88\.254 in the input chain before the accept at position 1$/],
  ['drop its subnet for new connections', homeDevice, [drop({ 'src-address': '192.168.88.0/24' })], /would drop tcp\/443 from 192\.168\.88\.254 in the input chain \(new connections\)$/],
  ['drop an address range holding it', homeDevice, [drop({ 'src-address': '192.168.88.200-192.168.88.254' }, '*F0')], /would drop tcp\/443/],
  ['drop a list that gets the client', homeDevice, [add('ip/firewall/address-list', { list: 'blocked', address: '192.168.88.0/25' }), add('ip/firewall/address-list', { list: 'blocked', address: '192.168.88.128/25' }), drop({ 'src-address-list': 'blocked' }, '*F0')], /rule 0 .* would drop tcp\/443/],
  ['drop everything not on a list without the client', edgeDevice, [add('ip/firewall/address-list', { list: 'trusted', address: '10.100.5.0/24' }), drop({ 'src-address-list': '!trusted' }, '*E0')], /rule 0 .* would drop tcp\/443 from 10\.100\.250\.10/],
  ['drop its in-interface', homeDevice, [drop({ 'in-interface': 'bridge', protocol: 'tcp', 'dst-port': '443' }, '*F0')], /rule 0 .* would drop tcp\/443/],
  ['drop an interface list holding it', homeDevice, [drop({ 'in-interface-list': 'LAN', protocol: 'tcp', 'dst-port': '22,443' }, '*F0')], /would drop tcp\/443/],
  ['drop a negated list it is outside of', homeDevice, [drop({ 'in-interface-list': '!WAN' }, '*F0')], /would drop tcp\/443/],
  ['take the bridge out of the LAN list', homeDevice, [remove('interface/list/member', '*1')], /^rule 4 \(\*F4\) would drop tcp\/443 from 192\.168\.88\.254 in the input chain \(new connections\)$/],
  ['drop a port range', homeDevice, [drop({ protocol: 'tcp', 'dst-port': '440-450' }, '*F0')], /would drop tcp\/443/],
  ['drop by protocol number and port', homeDevice, [drop({ protocol: '6', port: '443' }, '*F0')], /would drop tcp\/443/],
  ['drop new connections', homeDevice, [drop({ 'connection-state': 'new' })], /\(new connections\)$/],
  ['drop established connections first', homeDevice, [drop({ 'connection-state': 'established,related' }, '*F0')], /rule 0 .* would drop tcp\/443 .* before the accept at position 1$/],
  ['jump into a dropping chain', homeDevice, [add(FILTER, { chain: 'mgmt-check', action: 'drop', protocol: 'tcp' }), add(FILTER, { chain: 'input', action: 'jump', 'jump-target': 'mgmt-check' }, '*F0')], /would drop tcp\/443 from 192\.168\.88\.254 in the mgmt-check chain/],
  ['reject ssh', homeDevice, [add(FILTER, { chain: 'input', action: 'reject', 'reject-with': 'tcp-reset', protocol: 'tcp', 'dst-port': '22' }, '*F0')], /would reject tcp\/22 from 192\.168\.88\.254/],
  ['tarpit https', homeDevice, [add(FILTER, { chain: 'input', action: 'tarpit', protocol: 'tcp', 'dst-port': '443' }, '*F0')], /would tarpit tcp\/443/],
  ['drop the replies in the output chain', homeDevice, [add(FILTER, { chain: 'output', action: 'drop', 'dst-address': '192.168.88.0/24', protocol: 'tcp', 'src-port': '443' })], /^rule \d+ \(\*NEW\d+\) would drop the replies of tcp\/443 to 192\.168\.88\.254 in the output chain$/],
  ['reject replies leaving the management interface', edgeDevice, [add(FILTER, { chain: 'output', action: 'reject', 'out-interface': 'vlan100-mgmt' })], /would reject the replies of tcp\/443 to 10\.100\.250\.10 in the output chain/],
  ['drop it in the raw table', homeDevice, [add('ip/firewall/raw', { chain: 'prerouting', action: 'drop', 'src-address': '192.168.88.254' })], /would drop tcp\/443 from 192\.168\.88\.254 in the prerouting chain of the raw table/],
  ['disable the accept the NOC relies on', edgeDevice, [set(FILTER, '*E2', { disabled: 'true' })], /^rule 6 \(\*E6\) would drop tcp\/443 from 10\.100\.250\.10 in the input chain once the accept at position 2 is disabled \(new connections\)$/],
  ['remove the NOC from the allow list', edgeDevice, [remove('ip/firewall/address-list', '*L1')], /^rule 6 \(\*E6\) would drop tcp\/443 from 10\.100\.250\.10 in the input chain \(new connections\)$/],
  ['replace the NOC entry with a timed one', edgeDevice, [set('ip/firewall/address-list', '*L1', { timeout: '1h', dynamic: 'true' })], /\(new connections\) once the timed address-list entries expire$/],
  ['move the final drop to the top', edgeDevice, [move(FILTER, '*E6', '*E0')], /^rule 0 \(\*E6\) would drop tcp\/443 from 10\.100\.250\.10 in the input chain before the accept at position 1$/],
  ['block the client as a brute-forcer', homeDevice, [add(FILTER, { chain: 'input', action: 'add-src-to-address-list', 'address-list': 'ssh-stage1', 'address-list-timeout': '1m', protocol: 'tcp', 'dst-port': '22', 'connection-state': 'new' }, '*F0'), drop({ 'src-address-list': 'ssh-stage1' }, '*F0')], /would drop tcp\/22/],
  // destination NAT of a fresh connection
  ['port-forward https on every interface', edgeDevice, [add('ip/firewall/nat', { chain: 'dstnat', action: 'dst-nat', protocol: 'tcp', 'dst-port': '443', 'dst-address-type': 'local', 'to-addresses': '10.100.5.50' })], /^rule 0 \(\*NEW\d+\) would dst-nat tcp\/443 from 10\.100\.250\.10 in the dstnat chain of the nat table \(new connections\)$/],
  ['redirect ssh to another port', homeDevice, [add('ip/firewall/nat', { chain: 'dstnat', action: 'redirect', protocol: 'tcp', 'dst-port': '22', 'to-ports': '2222' })], /would redirect tcp\/22 from 192\.168\.88\.254 in the dstnat chain of the nat table/],
  // constructs this evaluation does not model: fail closed, naming them
  ['a layer7 drop that could match', homeDevice, [drop({ 'layer7-protocol': 'https', protocol: 'tcp' }, '*F0')], /^rule 0 \(\*NEW\d+\) uses layer7-protocol, which this evaluation does not model/, 'not_evaluated'],
  ['a tls-host drop that could match', homeDevice, [drop({ 'tls-host': '*.example.com' }, '*F0')], /uses tls-host/, 'not_evaluated'],
  ['a connection-limit drop on https', homeDevice, [drop({ protocol: 'tcp', 'dst-port': '443', 'connection-limit': '3,32' })], /uses connection-limit/, 'not_evaluated'],
  ['a source-port drop a fresh connection might hit', homeDevice, [drop({ protocol: 'tcp', 'src-port': '30000-40000' })], /uses src-port/, 'not_evaluated'],
  ['an accept that rests on an unknown construct', edgeDevice, [set(FILTER, '*E2', { 'ipsec-policy': 'in,ipsec' })], /rule 2 \(\*E2\) uses ipsec-policy/, 'not_evaluated'],
];

describe('evaluateManagementPath: dangerous changes are refused with their cause', () => {
  it.each(dangerous)('%s', (_name, device, ops, reason, status = 'fail') => {
    const verdict = judge(device, ops);
    expect(verdict.message).toMatch(reason);
    expect(verdict.status).toBe(status);
    expect(verdict.ruleId).toBe('PROTECT_MANAGEMENT_PATH');
  });

  it('carries the structured facts of a firewall refusal', () => {
    const verdict = judge(homeDevice, [drop({ 'src-address': '192.168.88.254' }, '*F0')]);
    expect(verdict.details).toMatchObject({ client_address: '192.168.88.254', device_address: '192.168.88.1', service: 'www-ssl', table: 'filter', chain: 'input', rule_position: 0, connection: 'established' });
  });
});

/** Changes that leave the path intact: none may be refused. */
const harmless: Array<[string, () => Rows, RowOperation[]]> = [
  ['port-forward https from the uplink only', edgeDevice, [add('ip/firewall/nat', { chain: 'dstnat', action: 'dst-nat', protocol: 'tcp', 'dst-port': '443', 'in-interface': 'sfp-sfpplus1', 'to-addresses': '10.100.5.50' })]],
  ['masquerade out of the WAN', homeDevice, [add('ip/firewall/nat', { chain: 'srcnat', action: 'masquerade', 'out-interface-list': 'WAN' })]],
  ['comment the management address', homeDevice, [set('ip/address', '*20', { comment: 'LAN gateway' })]],
  ['comment an input rule', homeDevice, [set(FILTER, '*F1', { comment: 'drop invalid packets' })]],
  ['drop the client in the forward chain', homeDevice, [add(FILTER, { chain: 'forward', action: 'drop', 'src-address': '192.168.88.254' })]],
  ['add an accept to the input chain', homeDevice, [add(FILTER, { chain: 'input', action: 'accept', protocol: 'udp', 'dst-port': '53' }, '*F4')]],
  ['drop another address', homeDevice, [drop({ 'src-address': '10.9.9.9' }, '*F0')]],
  ['drop another port', homeDevice, [drop({ protocol: 'tcp', 'dst-port': '8080' }, '*F0')]],
  ['drop the WAN interface', homeDevice, [drop({ 'in-interface': 'ether1' }, '*F0')]],
  ['drop the WAN list', homeDevice, [drop({ 'in-interface-list': 'WAN' }, '*F0')]],
  ['drop udp from the client', homeDevice, [drop({ protocol: 'udp', 'src-address': '192.168.88.254' }, '*F0')]],
  ['drop invalid connections first', homeDevice, [drop({ 'connection-state': 'invalid' }, '*F0')]],
  ['add an unrelated address', homeDevice, [add('ip/address', { address: '172.16.0.1/24', interface: 'bridge' })]],
  ['disable a port the client does not use', homeDevice, [set('interface/ethernet', '*4', { disabled: 'true' })]],
  ['disable telnet and move the API', homeDevice, [set('ip/service', '*1', { disabled: 'true' }), set('ip/service', '*6', { port: '18728' })]],
  ['restrict www-ssl to a subnet holding the client', homeDevice, [set('ip/service', '*5', { address: '192.168.88.0/24' })]],
  ['add an unrelated static route', homeDevice, [add('ip/route', { 'dst-address': '10.200.0.0/16', gateway: '203.0.113.1' })]],
  ['block another host on an mcp list', edgeDevice, [add('ip/firewall/address-list', { list: 'mcp-blocklist', address: '192.0.2.67', comment: 'managed by routeros-mcp' })]],
  ['add a timed entry for another host', edgeDevice, [add('ip/firewall/address-list', { list: 'mcp-blocklist', address: '192.0.2.68', timeout: '1d', dynamic: 'true' })]],
  ['a layer7 drop in the forward chain', homeDevice, [add(FILTER, { chain: 'forward', action: 'drop', 'layer7-protocol': 'bittorrent' })]],
  ['a layer7 drop its address excludes', homeDevice, [drop({ 'layer7-protocol': 'https', 'src-address': '10.9.9.9' }, '*F0')]],
  ['turn on VLAN filtering with every port in VLAN 1', homeDevice, [set('interface/bridge', '*6', { 'vlan-filtering': 'yes' })]],
  ['rename the management bridge', homeDevice, [set('interface/bridge', '*6', { name: 'lan-bridge' }), set('interface', '*6', { name: 'lan-bridge' })]],
  ['rename the management bridge through /interface only', homeDevice, [set('interface', '*6', { name: 'lan' })]],
  ['turn ARP to reply-only where the client has a static ARP entry', () => {
    const rows = homeDevice();
    rows['ip/arp'][0] = { ...rows['ip/arp'][0], dynamic: 'false' };
    return rows;
  }, [set('interface/bridge', '*6', { arp: 'reply-only' })]],
  ['rename a spare port', homeDevice, [set('interface/ethernet', '*5', { name: 'printer' })]],
  ['disable the backup route', edgeDevice, [set('ip/route', '*80000002', { disabled: 'true' })]],
  ['disable one slave of the bond', () => vlanDevice('bond1'), [set('interface/ethernet', '*4', { disabled: 'true' })]],
  ['move a forward rule', homeDevice, [move(FILTER, '*F9', '*F6')]],
  ['disable the drop-invalid rule', homeDevice, [set(FILTER, '*F1', { disabled: 'true' })]],
  ['add an ssh accept for the NOC at the top', edgeDevice, [add(FILTER, { chain: 'input', action: 'accept', protocol: 'tcp', 'dst-port': '22', 'src-address-list': 'mgmt-allowed' }, '*E0')]],
  ['add VLAN 30 to the trunk', vlanDevice, [add('interface/bridge/vlan', { bridge: 'bridge', 'vlan-ids': '50', tagged: 'ether2' })]],
  ['retag a port the client does not use', vlanDevice, [set('interface/bridge/port', '*10', { pvid: '20' })]],
  ['drop output to another host', homeDevice, [add(FILTER, { chain: 'output', action: 'drop', 'dst-address': '10.9.9.9' })]],
  ['drop output through the WAN list', homeDevice, [add(FILTER, { chain: 'output', action: 'drop', 'out-interface-list': 'WAN', protocol: 'udp' })]],
  ['notrack another subnet in raw', homeDevice, [add('ip/firewall/raw', { chain: 'prerouting', action: 'notrack', 'src-address': '10.0.0.0/8' })]],
  ['drop a source port a fresh connection never uses', homeDevice, [drop({ protocol: 'tcp', 'src-port': '53' }, '*F0')]],
  ['jump into a chain that only accepts', homeDevice, [add(FILTER, { chain: 'lan-in', action: 'accept', 'src-address': '192.168.88.0/24' }), add(FILTER, { chain: 'input', action: 'jump', 'jump-target': 'lan-in' }, '*F4'), drop({}, undefined)]],
  ['add a routing rule for another source', edgeDevice, [add('routing/rule', { 'src-address': '203.0.113.0/24', action: 'lookup', table: 'main' })]],
  ['add a certificate www-ssl does not use', homeDevice, [add('certificate', { name: 'vpn', 'common-name': 'vpn', fingerprint: 'd'.repeat(64), 'private-key': 'true' })]],
  ["distrust www-ssl's certificate (its own key still serves)", homeDevice, [set('certificate', '*C1', { trusted: 'false' })]],
  ['remove a certificate www-ssl does not use', edgeDevice, [remove('certificate', '*C2')]],
  // RouterOS follows the rename: the service names the certificate anew, or still by the old name in a stale after-state.
  ["rename www-ssl's certificate", homeDevice, [set('certificate', '*C1', { name: 'web' }), set('ip/service', '*5', { certificate: 'web' })]],
  ["rename www-ssl's certificate, the service's row unchanged", homeDevice, [set('certificate', '*C1', { name: 'web' })]],
];

describe('evaluateManagementPath: a management address leased by a DHCP client', () => {
  const leased = (): Rows => {
    const rows = homeDevice();
    rows['ip/address'] = rows['ip/address'].map((a) => (a['.id'] === '*20' ? { ...a, dynamic: 'true' } : a));
    rows['ip/dhcp-client'] = [{ '.id': '*D1', interface: 'bridge', disabled: 'false', 'use-peer-dns': 'true' }];
    return rows;
  };

  it.each([
    ['disabling the client', [set('ip/dhcp-client', '*D1', { disabled: 'true' })]],
    ['removing the client', [remove('ip/dhcp-client', '*D1')]],
    ['moving the client to another interface', [set('ip/dhcp-client', '*D1', { interface: 'ether1' })]],
  ])('refuses %s, which releases the lease', (_name, ops) => {
    const verdict = judge(leased, ops);
    expect(verdict.status).toBe('fail');
    expect(verdict.message).toBe('address 192.168.88.1/24 is leased by the DHCP client on bridge, which would be disabled or removed');
  });

  it('passes a change of the client that keeps it enabled', () => {
    expect(judge(leased, [set('ip/dhcp-client', '*D1', { 'use-peer-dns': 'false' })]).status).toBe('pass');
  });
});

describe("evaluateManagementPath: the service's own address on the device", () => {
  it.each([
    ["the client's address on the interface it arrives on (a DHCP-addressed cloud router)", chrDevice, [add('ip/address', { address: '10.0.2.2/32', interface: 'ether1' })], /^address 10\.0\.2\.2\/32 on ether1 would make the device own 10\.0\.2\.2, the service's own address, so its replies would stay on the device$/],
    ["the client's address inside a wider prefix", chrDevice, [add('ip/address', { address: '10.0.2.2/24', interface: 'ether1' })], /^address 10\.0\.2\.2\/24 on ether1 would make the device own 10\.0\.2\.2/],
    ["the client's address on a bridge client's own segment", homeDevice, [add('ip/address', { address: '192.168.88.254/24', interface: 'bridge' })], /would make the device own 192\.168\.88\.254, the service's own address/],
    ["the address of a routed client's gateway", edgeDevice, [add('ip/address', { address: '10.100.5.254/24', interface: 'vlan100-mgmt' })], /^address 10\.100\.5\.254\/24 on vlan100-mgmt would make the device own 10\.100\.5\.254, the gateway the service's connections come through/],
  ] as Array<[string, () => Rows, RowOperation[], RegExp]>)('refuses %s', (_name, device, ops, message) => {
    const verdict = judge(device, ops);
    expect(verdict.status).toBe('fail');
    expect(verdict.message).toMatch(message);
  });

  it('passes another address on the same interface', () => {
    expect(judge(chrDevice, [add('ip/address', { address: '10.0.2.16/24', interface: 'ether1' })]).status).toBe('pass');
  });
});

describe('evaluateManagementPath: harmless changes pass', () => {
  it.each(harmless)('%s', (_name, device, ops) => {
    const verdict = judge(device, ops);
    expect(verdict.message).not.toMatch(/would|cannot|not model/);
    expect(verdict.status).toBe('pass');
  });

  const withLayer7 = () => {
    const rows = homeDevice();
    rows[FILTER].unshift({ '.id': '*99', chain: 'input', action: 'drop', 'layer7-protocol': 'x', disabled: 'false' });
    return rows;
  };

  it('does not blame a change for a construct the live state already had, even once rules move', () => {
    expect(judge(withLayer7, [set(FILTER, '*F1', { comment: 'x' })]).status).toBe('pass');
    expect(judge(withLayer7, [drop({ 'src-address': '10.9.9.9' }, '*99')]).status).toBe('pass');
  });

  it('still refuses a definite drop behind a construct the live state already had', () => {
    const verdict = judge(withLayer7, [drop({ 'src-address': '192.168.88.254' }, '*F0')]);
    expect(verdict.status).toBe('fail');
    expect(verdict.message).toMatch(/^rule 1 \(\*NEW\d+\) would drop tcp\/443 from 192\.168\.88\.254 in the input chain before the accept at position 2$/);
  });

  it('does not blame a change for access the live state already holds through a timed entry', () => {
    const timed = () => {
      const rows = edgeDevice();
      rows['ip/firewall/address-list'][0] = { ...rows['ip/firewall/address-list'][0], timeout: '2h', dynamic: 'true' };
      return rows;
    };
    expect(judge(timed, [drop({ 'src-address': '10.9.9.9' }, '*E0')]).status).toBe('pass');
  });

  it('names a rule the pipeline adds without an id', () => {
    const before = homeDevice();
    const after = apply(before, [drop({ 'src-address': '192.168.88.254' }, '*F0')]) as Record<string, Row[]>;
    after[FILTER][0] = Object.fromEntries(Object.entries(after[FILTER][0]).filter(([k]) => k !== '.id'));
    expect(evaluateManagementPath(before, after, LOGIN).message).toMatch(/^rule 0 \(new\) would drop tcp\/443/);
  });
});

it('counts its scenarios', () => {
  expect(dangerous.length).toBeGreaterThanOrEqual(40);
  expect(harmless.length).toBeGreaterThanOrEqual(20);
});
