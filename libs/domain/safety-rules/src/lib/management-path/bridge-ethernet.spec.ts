import type { Row, RowOperation } from '@routeros-mcp/domain-changes';
import { apply, edgeDevice, homeDevice, LOGIN, vlanDevice } from '../../../test/management-path.fixtures';
import { menuReach } from '../menu-reach/menu-reach';
import { evaluateManagementPath, managementPathReads } from './management-path';

// Issue 23: /interface/bridge/settings (use-ip-firewall) and the Ethernet ports' link settings, as the simulator judges them.
type Rows = Record<string, Row[]>;
const set = (menu: string, id: string, props: Record<string, string>): RowOperation => ({ kind: 'set', menu, id, props });
const add = (menu: string, props: Record<string, string>, placeBefore?: string): RowOperation => ({ kind: 'add', menu, props, ...(placeBefore ? { placeBefore } : {}) });
const settings = (props: Record<string, string>) => set('interface/bridge/settings', '', props);

function judge(device: () => Rows, ops: RowOperation[], live: RowOperation[] = []) {
  const before = apply(device(), live) as Rows;
  return evaluateManagementPath(before, apply(before, ops), LOGIN);
}

/** home (the laptop behind ether2, a port of bridge) with an input drop by bridge port placed first. */
const dropByPort = (port: string) => () => apply(homeDevice(), [add('ip/firewall/filter', { chain: 'input', action: 'drop', 'in-bridge-port': port }, '*F1')]) as Rows;

describe('bridge settings: use-ip-firewall decides whether input rules see the client\'s bridge port', () => {
  it('is a menu the evaluation models and reads for every change', () => {
    expect(menuReach('interface/bridge/settings', ['set']).reach).toBe('modelled');
    expect(managementPathReads(['ip/firewall/filter'])).toContain('interface/bridge/settings');
  });

  it("refuses use-ip-firewall=yes when an input rule drops the client's bridge port, naming the rule", () => {
    const verdict = judge(dropByPort('ether2'), [settings({ 'use-ip-firewall': 'yes' })]);
    expect([verdict.status, verdict.message]).toEqual(['fail', expect.stringMatching(/^rule \d+ \(\*NEW\d+\) would drop tcp\/443 from 192\.168\.88\.254 in the input chain/)]);
    expect(verdict.details).toMatchObject({ check: expect.stringMatching(/^firewall:/), bridge_port: 'ether2' });
  });

  it("refuses use-ip-firewall=no when an accept by the client's bridge port is what lets it in", () => {
    const acceptOnly = () => apply(homeDevice(), [
      add('ip/firewall/filter', { chain: 'input', action: 'accept', 'in-bridge-port': 'ether2' }, '*F1'),
      add('ip/firewall/filter', { chain: 'input', action: 'drop', 'connection-state': 'new' }, '*F1'),
    ]) as Rows;
    // Live: use-ip-firewall on (the accept matches, placed first, before the drop of new connections).
    const live = [settings({ 'use-ip-firewall': 'yes' })];
    expect(judge(acceptOnly, [set('ip/firewall/filter', '*F3', { comment: 'x' })], live).status).toBe('pass');
    expect(judge(acceptOnly, [settings({ 'use-ip-firewall': 'no' })], live)).toMatchObject({ status: 'fail', message: expect.stringMatching(/would drop tcp\/443 from 192\.168\.88\.254 in the input chain/) });
  });

  it('passes use-ip-firewall=yes with a drop by another port, a forward drop, or no rule by port; and the PPPoE setting', () => {
    expect(judge(dropByPort('ether5'), [settings({ 'use-ip-firewall': 'yes' })]).status).toBe('pass');
    const forwardDrop = () => apply(homeDevice(), [add('ip/firewall/filter', { chain: 'forward', action: 'drop' }, '*F1')]) as Rows;
    expect(judge(forwardDrop, [settings({ 'use-ip-firewall': 'yes', 'use-ip-firewall-for-vlan': 'yes' })]).status).toBe('pass');
    expect(judge(dropByPort('ether2'), [settings({ 'use-ip-firewall-for-pppoe': 'yes' })]).status).toBe('pass');
  });

  it('a negated port the client matches only while the setting is off: turning it on passes', () => {
    expect(judge(dropByPort('!ether2'), [settings({ 'use-ip-firewall': 'yes' })]).status).toBe('pass');
  });

  it('on a VLAN-filtering bridge the port is seen only with use-ip-firewall-for-vlan as well', () => {
    const vlanDrop = () => apply(vlanDevice('ether3'), [add('ip/firewall/filter', { chain: 'input', action: 'drop', 'in-bridge-port': 'ether3' }, '*V1')]) as Rows;
    expect(judge(vlanDrop, [settings({ 'use-ip-firewall': 'yes' })]).status).toBe('pass');
    expect(judge(vlanDrop, [settings({ 'use-ip-firewall': 'yes', 'use-ip-firewall-for-vlan': 'yes' })]).status).toBe('fail');
  });
});

describe("Ethernet link settings of the ports the service's packets cross", () => {
  it('refuses forcing 1G (or faster) without auto-negotiation on the client\'s bridge port', () => {
    const verdict = judge(homeDevice, [set('interface/ethernet', '*2', { 'auto-negotiation': 'no', speed: '1G-baseT-full' })]);
    expect([verdict.status, verdict.message]).toEqual(['fail', 'ether2 would run at 1G-baseT-full without auto-negotiation, which copper links at 1G and faster cannot: it would lose its link']);
    expect(verdict.details).toMatchObject({ check: 'ethernet-link', interface: 'ether2' });
  });

  it('fails closed on a change whose link the device cannot predict: a narrower advertise, a forced 100M', () => {
    for (const props of [{ advertise: '2.5G-baseT,10G-baseT' }, { advertise: '100M-baseT-full' }, { 'auto-negotiation': 'no', speed: '100M-baseT-full' }] as Array<Record<string, string>>) {
      const verdict = judge(homeDevice, [set('interface/ethernet', '*2', props)]);
      expect([verdict.status, verdict.message]).toEqual(['not_evaluated', expect.stringMatching(/^ether2, which the service's packets cross, would .*: the device does not show what its link partner offers/)]);
    }
  });

  it('passes link settings of another port, a wider advertise, a comment, and a return to auto-negotiation', () => {
    expect(judge(homeDevice, [set('interface/ethernet', '*3', { 'auto-negotiation': 'no', speed: '1G-baseT-full' })]).status).toBe('pass');
    expect(judge(homeDevice, [set('interface/ethernet', '*2', { advertise: '10M-baseT-half,10M-baseT-full,100M-baseT-half,100M-baseT-full,1G-baseT-half,1G-baseT-full,2.5G-baseT' })]).status).toBe('pass');
    expect(judge(homeDevice, [set('interface/ethernet', '*2', { comment: 'laptop' })]).status).toBe('pass');
    const forced = [set('interface/ethernet', '*2', { 'auto-negotiation': 'no', speed: '100M-baseT-full' })];
    expect(judge(homeDevice, [set('interface/ethernet', '*2', { 'auto-negotiation': 'yes' })], forced).status).toBe('pass');
  });

  it('leaves SFP ports to their module (the edge NOC rides on sfp-sfpplus1 only as a spare here) and judges the VLAN parent', () => {
    // edge: the management VLAN sits on ether16.
    const verdict = judge(edgeDevice, [set('interface/ethernet', '*10', { 'auto-negotiation': 'no', speed: '10G-baseT' })]);
    expect([verdict.status, verdict.details?.['interface']]).toEqual(['fail', 'ether16']);
    expect(judge(edgeDevice, [set('interface/ethernet', '*11', { 'auto-negotiation': 'no', speed: '1G-baseX' })]).status).toBe('pass');
  });

  it('is unknown, not a cut, for a slave of a bond the path rides on', () => {
    const verdict = judge(() => vlanDevice('bond1'), [set('interface/ethernet', '*4', { 'auto-negotiation': 'no', speed: '1G-baseT-full' })]);
    expect([verdict.status, verdict.message]).toEqual(['not_evaluated', expect.stringMatching(/^ether4 would run at 1G-baseT-full .*the device does not show whether this slave carries the service/)]);
  });
});
