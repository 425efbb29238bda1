import { Check, cut, ok } from './check';
import { Endpoint } from './endpoint';
import { bridgeUnder, enslavingPort, interfaceProblem, InterfaceProblem, vlanMember } from './interface-graph';
import { isTrue, rowsOf, Snapshot } from './snapshot';

const gone = (p: InterfaceProblem) => (p.problem === 'missing' ? 'removed' : 'disabled');

/** Enabled DHCP clients by interface: a dynamic address on one of them is its lease. */
const dhcpClients = (snap: Snapshot) => new Set(rowsOf(snap.rows, 'ip/dhcp-client').filter((r) => !isTrue(r['disabled'])).map((r) => snap.canon(r['interface'] ?? '')));
const isDynamic = (snap: Snapshot, id: string) => isTrue(rowsOf(snap.rows, 'ip/address').find((r) => r['.id'] === id)?.['dynamic']);

/** The device address is on an enabled, valid address row (a DHCP lease: its client stays enabled). */
export const addressCheck: Check = {
  name: 'address',
  run(snap, ep, before) {
    const leased = before.addresses.find((a) => a.ip === ep.deviceIp && a.active && isDynamic(before, a.id) && dhcpClients(before).has(a.interface));
    if (leased && !dhcpClients(snap).has(snap.canon(leased.interface))) {
      return cut(`address ${leased.text} is leased by the DHCP client on ${leased.interface}, which would be disabled or removed`, { address_id: leased.id });
    }
    if (snap.addresses.some((a) => a.ip === ep.deviceIp && a.active)) return ok;
    const was = before.addresses.find((a) => a.ip === ep.deviceIp && a.active);
    const now = was && snap.addresses.find((a) => a.id === was.id);
    const details = { address_id: was?.id };
    if (was && !now) return cut(`address ${was.text} on ${was.interface} would be removed`, details);
    if (was && now?.disabled) return cut(`address ${was.text} on ${was.interface} would be disabled`, details);
    if (was && now && !snap.interfaces.has(now.interface)) return cut(`interface ${now.interface}, which carries ${was.text}, would be removed`, details);
    return cut(`address ${ep.device} would no longer be active on any interface`, details);
  },
};

function enslaved(snap: Snapshot, name: string): string | undefined {
  const port = snap.bridges.has(name) ? undefined : enslavingPort(snap, name);
  return port && `${name} would become a port of ${port.bridge}, which takes its addresses off it`;
}

/** The interfaces carrying the device address and the client's packets are up, with their parents and bridge port. */
export const interfaceCheck: Check = {
  name: 'interfaces',
  run(snap, ep) {
    for (const a of snap.addresses.filter((x) => x.ip === ep.deviceIp && x.active)) {
      const p = interfaceProblem(snap, a.interface);
      if (p) return cut(`interface ${p.name}${p.name === a.interface ? '' : ` (under ${a.interface})`}, which carries ${a.text}, would be ${gone(p)}`, { interface: p.name });
      const s = enslaved(snap, a.interface);
      if (s) return cut(s, { interface: a.interface });
    }
    const ingress = snap.canon(ep.ingress);
    const p = interfaceProblem(snap, ingress);
    if (p) return cut(`interface ${p.name}${p.name === ingress ? '' : ` (under ${ingress})`}, on which ${ep.client} reaches the device, would be ${gone(p)}`, { interface: p.name });
    const s = enslaved(snap, ingress);
    if (s) return cut(s, { interface: ingress });
    const arp = arpProblem(snap, ep, ingress);
    if (arp) return cut(arp, { interface: ingress });
    return ep.bridgePort ? bridgePortProblem(snap, ep) : ok;
  },
};

/** With `arp=disabled` or `reply-only` the device answers only hosts it has a static ARP entry for. */
function arpProblem(snap: Snapshot, ep: Endpoint, ingress: string): string | undefined {
  const mode = snap.interfaces.get(ingress)?.arp ?? 'enabled';
  if (mode !== 'disabled' && mode !== 'reply-only') return undefined;
  const hop = ep.gateway ?? ep.client;
  const pinned = rowsOf(snap.rows, 'ip/arp').some((r) => r['address'] === hop && snap.canon(r['interface'] ?? '') === ingress && !isTrue(r['dynamic']) && !isTrue(r['disabled']));
  return pinned ? undefined : `${ingress} would be set to arp=${mode} with no static ARP entry for ${hop}, so replies to ${ep.client} could not be sent`;
}

function bridgePortProblem(snap: Snapshot, ep: Endpoint) {
  const name = snap.canon(ep.bridgePort!);
  const bridge = snap.canon(ep.bridge!);
  const ports = snap.bridgePorts.filter((x) => x.interface === name);
  const details = { bridge_port: name, bridge };
  if (ports.length === 0) return cut(`bridge port ${name} (${ep.client}'s port on ${bridge}) would be removed`, details);
  const port = ports.find((x) => x.bridge === bridge);
  if (!port) return cut(`bridge port ${name} (${ep.client}'s port) would move from ${bridge} to ${ports[0].bridge}`, details);
  if (port.disabled) return cut(`bridge port ${name} (${ep.client}'s port on ${bridge}) would be disabled`, details);
  const p = interfaceProblem(snap, name);
  if (p) return cut(`interface ${p.name}, ${ep.client}'s port on ${bridge}, would be ${gone(p)}`, { ...details, interface: p.name });
  return ok;
}

/** With VLAN filtering the client's port and the bridge still carry the management VLAN; a VLAN interface keeps its tag. */
export const vlanCheck: Check = {
  name: 'vlan',
  run(snap, ep, before) {
    const ingress = snap.canon(ep.ingress);
    const was = before.interfaces.get(ep.ingress)?.vlanId;
    const now = snap.interfaces.get(ingress)?.vlanId;
    if (was !== undefined && now !== undefined && was !== now) return cut(`${ingress} would move from VLAN ${was} to VLAN ${now}`, { interface: ingress });
    if (!ep.bridge || !ep.bridgePort) return ok;
    const under = bridgeUnder(snap, ingress);
    const bridge = under && snap.bridges.get(under.bridge);
    if (!under || !bridge?.vlanFiltering) return ok;
    const portName = snap.canon(ep.bridgePort);
    const port = snap.bridgePorts.find((x) => x.interface === portName && x.bridge === bridge.name);
    if (!port) return ok; // reported by the interface check
    const vlan = under.vlanId ?? bridge.pvid;
    const details = { bridge: bridge.name, bridge_port: portName, vlan_id: vlan };
    if (ep.tagged) {
      if (port.frameTypes === 'admit-only-untagged-and-priority-tagged') return cut(`bridge port ${portName} would admit only untagged frames, but ${ep.client} sends VLAN ${vlan} tagged`, details);
      if (!vlanMember(snap, bridge.name, portName, vlan, 'tagged')) return cut(`bridge port ${portName} would no longer carry VLAN ${vlan} tagged, which ${ep.client} uses to reach ${ep.device}`, details);
    } else {
      if (port.frameTypes === 'admit-only-vlan-tagged') return cut(`bridge port ${portName} would admit only tagged frames, but ${ep.client} sends untagged`, details);
      if (port.pvid !== vlan) return cut(`bridge port ${portName} would put ${ep.client} in VLAN ${port.pvid} (PVID) while ${ep.device} is in VLAN ${vlan}`, details);
    }
    const cpuTagged = under.vlanId !== undefined;
    if (bridge.frameTypes === (cpuTagged ? 'admit-only-untagged-and-priority-tagged' : 'admit-only-vlan-tagged')) {
      return cut(`bridge ${bridge.name} would admit only ${cpuTagged ? 'untagged' : 'tagged'} frames to the device, which takes VLAN ${vlan} ${cpuTagged ? 'tagged' : 'untagged'}`, details);
    }
    if (cpuTagged && !vlanMember(snap, bridge.name, bridge.name, vlan, 'tagged')) {
      return cut(`bridge ${bridge.name} would not be a tagged member of VLAN ${vlan}, which carries ${ep.device} on ${ingress}`, details);
    }
    return ok;
  },
};
