import { Snapshot } from './snapshot';

/** Why an interface cannot carry traffic: it, or an interface it depends on, is missing or disabled. */
export interface InterfaceProblem {
  name: string;
  problem: 'missing' | 'disabled';
}

/**
 * The first interface on `name`'s chain that is missing or disabled: the interface itself, a VLAN's parent
 * (recursively), a virtual radio's master, a bond's slaves (a bond is up while one slave is). A bridge is up on its own; the client's
 * bridge port is checked separately.
 */
export function interfaceProblem(snap: Snapshot, name: string, depth = 0): InterfaceProblem | undefined {
  const iface = snap.interfaces.get(name);
  if (!iface) return { name, problem: 'missing' };
  if (iface.disabled) return { name, problem: 'disabled' };
  if (depth > 8) return undefined;
  if (iface.parent !== undefined) return interfaceProblem(snap, iface.parent, depth + 1);
  if (iface.master !== undefined) return interfaceProblem(snap, iface.master, depth + 1);
  if (iface.slaves && iface.slaves.length > 0) {
    const problems = iface.slaves.map((s) => interfaceProblem(snap, s, depth + 1));
    return problems.every(Boolean) ? problems[0] : undefined;
  }
  return undefined;
}

export const interfaceUp = (snap: Snapshot, name: string): boolean => interfaceProblem(snap, name) === undefined;

/** The bridge an L3 interface leads to: the bridge itself, or the bridge under a VLAN interface. */
export function bridgeUnder(snap: Snapshot, name: string): { bridge: string; vlanId?: number } | undefined {
  if (snap.bridges.has(name)) return { bridge: name };
  const iface = snap.interfaces.get(name);
  if (iface?.parent && snap.bridges.has(iface.parent)) return { bridge: iface.parent, vlanId: iface.vlanId };
  return undefined;
}

/** The enabled bridge-port row that enslaves `name` (an interface that is a bridge port carries no IP traffic of its own). */
export const enslavingPort = (snap: Snapshot, name: string) => snap.bridgePorts.find((p) => p.interface === name && !p.disabled);

/** VLAN membership of a bridge member (a port or the bridge itself) in the bridge VLAN table. */
export function vlanMember(snap: Snapshot, bridge: string, member: string, vlanId: number, how: 'tagged' | 'untagged'): boolean {
  return snap.bridgeVlans.some((v) => v.bridge === bridge && v.vlanIds.some(([lo, hi]) => vlanId >= lo && vlanId <= hi) && v[how].has(member));
}
