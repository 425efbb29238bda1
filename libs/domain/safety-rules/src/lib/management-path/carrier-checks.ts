import { Check, CheckResult, cut, ok } from './check';
import { Endpoint } from './endpoint';
import { parseIpv4Range, spanContains } from './ip-range';
import { isTrue, rowsOf, Snapshot, splitList } from './snapshot';

/**
 * What carries the service's packets below the address, beyond `interfaceCheck`: the typed menus an interface
 * lives in (a VLAN removed in `/interface/vlan` leaves a stale `/interface` row behind), the link of an interface the
 * path newly rides on, the slaves of a bond, the WireGuard peer the client arrives through, and the VRF of the
 * ingress interface.
 */

/** The menus an interface is defined in, whose removal of it `/interface` does not show in a planned state. */
const TYPED_MENUS = ['interface/vlan', 'interface/bridge', 'interface/bonding', 'interface/wireguard'];

/** The L3 interfaces the path uses (the device address's and the ingress) and, down their VLAN parents, the rest. */
export function chain(snap: Snapshot, ep: Endpoint): string[] {
  const start = [...new Set([...snap.addresses.filter((a) => a.ip === ep.deviceIp && a.active).map((a) => a.interface), snap.canon(ep.ingress)])];
  const names: string[] = [];
  for (const first of start) {
    let name: string | undefined = first;
    for (let depth = 0; name && depth < 8 && !names.includes(name); depth++) {
      names.push(name);
      name = snap.interfaces.get(name)?.parent;
    }
  }
  return names;
}

const rowNamed = (snap: Snapshot, menu: string, name: string) => rowsOf(snap.rows, menu).find((r) => snap.canon(r['name'] ?? '') === name);

/** An interface on the path removed through the menu that defines it (`/interface/vlan remove`). */
export const typedRemovalCheck: Check = {
  name: 'interface-removed',
  run(snap, ep, before) {
    for (const name of chain(snap, ep)) {
      for (const menu of TYPED_MENUS) {
        if (!(menu in snap.rows) || !rowNamed(before, menu, name)) continue;
        if (!rowNamed(snap, menu, name)) return cut(`interface ${name}, on the service's path, would be removed from /${menu}`, { interface: name });
      }
    }
    return ok;
  },
};

const running = (snap: Snapshot, name: string): string | undefined => rowsOf(snap.rows, 'interface').find((r) => snap.canon(r['name'] ?? '') === name)?.['running'];

/**
 * An interface the path would newly ride on (a VLAN moved onto another port) that has no link. An interface
 * enabled by the change shows its old `running=false`, so only one enabled before is judged by it.
 */
export const linkCheck: Check = {
  name: 'link',
  run(snap, ep, before) {
    const was = new Set(chain(before, ep));
    for (const name of chain(snap, ep)) {
      if (was.has(name) || before.interfaces.get(name)?.disabled !== false) continue;
      if (running(snap, name) === 'false') return cut(`the service's path would ride on ${name}, which has no link`, { interface: name });
    }
    return ok;
  },
};

/**
 * A bond on the path carries the client over one of its slaves, and the device does not show which: a slave with
 * link leaving the bond (or disabled) may be the client's, so the answer is unknown and the change fails closed.
 */
export const bondCheck: Check = {
  name: 'bond',
  run(snap, ep, before) {
    for (const name of chain(before, ep)) {
      const bond = before.interfaces.get(name);
      if (!bond?.slaves) continue;
      const now = snap.interfaces.get(snap.canon(name))?.slaves ?? [];
      for (const slave of bond.slaves) {
        if (before.interfaces.get(slave)?.disabled !== false || running(before, slave) === 'false') continue;
        const gone = !now.includes(snap.canon(slave)) ? 'would leave' : snap.interfaces.get(snap.canon(slave))?.disabled ? 'would be disabled in' : undefined;
        if (gone) return unknown(`${slave}, a slave with link, ${gone} bond ${name}: the device does not show which slave carries ${ep.client}, so this may cut it`, { interface: slave, bond: name });
      }
    }
    return ok;
  },
};

const unknown = (message: string, details: Record<string, unknown>): CheckResult => ({ ok: false, unknown: true, message, details });

/** A client behind a WireGuard interface reaches the device only through an enabled peer allowing its address. */
export const wireguardCheck: Check = {
  name: 'wireguard',
  run(snap, ep) {
    const ingress = snap.canon(ep.ingress);
    const iface = rowNamed(snap, 'interface/wireguard', ingress);
    if (!iface) return ok;
    if (isTrue(iface['disabled'])) return cut(`WireGuard interface ${ingress}, on which ${ep.client} reaches the device, would be disabled`, { interface: ingress });
    const allows = (peer: Record<string, string>) => splitList(peer['allowed-address']).some((a) => { const r = parseIpv4Range(a); return r !== undefined && spanContains(r, ep.clientIp); });
    const peer = rowsOf(snap.rows, 'interface/wireguard/peers').find((p) => snap.canon(p['interface'] ?? '') === ingress && !isTrue(p['disabled']) && allows(p));
    return peer ? ok : cut(`no enabled peer of ${ingress} would allow ${ep.client}, who reaches the device through it`, { interface: ingress });
  },
};

/** The VRF an interface is in: the first enabled `/ip/vrf` entry listing it, `main` otherwise (as RouterOS matches them). */
function vrfOf(snap: Snapshot, name: string): string {
  return rowsOf(snap.rows, 'ip/vrf').find((v) => !isTrue(v['disabled']) && v['name'] !== 'main' && splitList(v['interfaces']).map(snap.canon).includes(name))?.['name'] ?? 'main';
}

/** The ingress interface stays in its VRF: in another, the services listening in this one and its routes are gone. */
export const vrfCheck: Check = {
  name: 'vrf',
  run(snap, ep, before) {
    const was = vrfOf(before, ep.ingress);
    const now = vrfOf(snap, snap.canon(ep.ingress));
    return was === now ? ok : cut(`${snap.canon(ep.ingress)}, on which ${ep.client} reaches the device, would move from VRF ${was} to VRF ${now}`, { vrf: now });
  },
};
