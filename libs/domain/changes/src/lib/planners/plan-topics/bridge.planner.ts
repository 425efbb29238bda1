import type { ChangePlanner } from '../../change-planner';
import type { Row } from '../../row-operation';
import { change, noChange } from '../common/outcome';
import { findInterface, isDynamic, rowsOf } from '../common/rows';
import { ChangeOverlapError, ChangeTargetNotFoundError } from '../errors/planner-errors';
import { combineSyncs, KeyedMenu, syncKeyedRows } from './keyed-rows';

export const BRIDGE_MENU = 'interface/bridge';
export const BRIDGE_PORT_MENU = 'interface/bridge/port';
export const BRIDGE_VLAN_MENU = 'interface/bridge/vlan';
export const FRAME_TYPES = ['admit-all', 'admit-only-untagged-and-priority-tagged', 'admit-only-vlan-tagged'] as const;

export interface BridgePort {
  interface: string;
  pvid?: number;
  'frame-types'?: (typeof FRAME_TYPES)[number];
  'ingress-filtering'?: boolean;
  comment?: string;
}
export interface BridgeVlan {
  /** One id (`20`), or the exact list a row holds (`20,30`, `100-110`). */
  'vlan-ids': string;
  tagged: readonly string[];
  untagged: readonly string[];
  comment?: string;
}
export interface BridgeInput {
  bridge: string;
  ports: readonly BridgePort[];
  vlans: readonly BridgeVlan[];
  remove: { ports: readonly string[]; vlans: readonly string[] };
}

/** Member lists compare as sets: RouterOS keeps the order they were given in. */
const members = (value: string | undefined) => (value ?? '').split(',').map((m) => m.trim()).filter(Boolean).sort().join(',');
const defined = (props: Record<string, string | undefined>): Record<string, string> => Object.fromEntries(Object.entries(props).filter((e): e is [string, string] => e[1] !== undefined));

/**
 * bridge: on one bridge (by name) on every target, the listed ports (by interface) hold exactly their PVID, frame
 * types, ingress filtering and comment (defaults when not listed: PVID 1, admit-all, no filtering), the VLAN table's
 * rows (by vlan-ids) hold exactly their tagged and untagged members, and the listed ports and VLAN rows go. What the
 * service's own way in depends on (the management port's PVID and VLAN membership) is judged by the pipeline's
 * management-path evaluation on the after-state, which refuses a change that would cut it.
 */
export const bridgePlanner: ChangePlanner<BridgeInput> = {
  reads: () => ['interface', BRIDGE_MENU, BRIDGE_PORT_MENU, BRIDGE_VLAN_MENU],
  propose(live, input) {
    if (!rowsOf(live, BRIDGE_MENU).some((b) => b['name'] === input.bridge)) throw new ChangeTargetNotFoundError(`bridge '${input.bridge}' does not exist on the device`, { field: 'bridge', bridge: input.bridge });
    const onBridge = (r: Row) => r['bridge'] === input.bridge && !isDynamic(r);
    input.ports.forEach((p, i) => {
      findInterface(live, p.interface, `ports.${i}.interface`);
      const elsewhere = rowsOf(live, BRIDGE_PORT_MENU).find((r) => r['interface'] === p.interface && r['bridge'] !== input.bridge);
      if (elsewhere) throw new ChangeOverlapError(`${p.interface} is a port of bridge ${elsewhere['bridge']}; remove it there first`, { field: `ports.${i}.interface`, bridge: elsewhere['bridge'] });
    });
    input.vlans.forEach((v, i) => {
      for (const m of [...v.tagged, ...v.untagged]) {
        const isPort = m === input.bridge || rowsOf(live, BRIDGE_PORT_MENU).some((r) => onBridge(r) && r['interface'] === m) || input.ports.some((p) => p.interface === m);
        if (!isPort && !input.remove.ports.includes(m)) throw new ChangeTargetNotFoundError(`${m} is neither bridge ${input.bridge} nor one of its ports`, { field: `vlans.${i}`, member: m });
        if (input.remove.ports.includes(m)) throw new ChangeTargetNotFoundError(`${m} is removed from the bridge by this change`, { field: `vlans.${i}`, member: m });
      }
    });
    const portSpec: KeyedMenu = { menu: BRIDGE_PORT_MENU, keyOf: (r) => (onBridge(r) ? r['interface'] : undefined), managed: ['pvid', 'frame-types', 'ingress-filtering', 'comment'], defaults: { pvid: '1', 'frame-types': 'admit-all', 'ingress-filtering': 'false' } };
    const vlanSpec: KeyedMenu = { menu: BRIDGE_VLAN_MENU, keyOf: (r) => (onBridge(r) ? r['vlan-ids'] : undefined), managed: ['tagged', 'untagged', 'comment'] };
    const ports = input.ports.map((p) => ({
      key: p.interface,
      props: defined({ bridge: input.bridge, interface: p.interface, pvid: p.pvid === undefined ? undefined : String(p.pvid), 'frame-types': p['frame-types'], 'ingress-filtering': p['ingress-filtering'] === undefined ? undefined : String(p['ingress-filtering']), comment: p.comment }),
    }));
    const vlans = input.vlans.map((v) => ({ key: v['vlan-ids'], props: defined({ bridge: input.bridge, 'vlan-ids': v['vlan-ids'], tagged: members(v.tagged.join(',')) || undefined, untagged: members(v.untagged.join(',')) || undefined, comment: v.comment }) }));
    // Compared with their members in one order; the row written keeps its id.
    const vlanRows = rowsOf(live, BRIDGE_VLAN_MENU).map((r) => ({ ...r, tagged: members(r['tagged']), untagged: members(r['untagged']) }));
    const syncs = [syncKeyedRows(rowsOf(live, BRIDGE_PORT_MENU), portSpec, ports, input.remove.ports), syncKeyedRows(vlanRows, vlanSpec, vlans, input.remove.vlans)];
    // VLAN rows go before the ports they name; ports are added before VLAN rows name them.
    const { operations, touched } = combineSyncs(syncs, [1, 0]);
    if (operations.length === 0) return noChange(`bridge ${input.bridge}'s ports and VLAN table already hold as listed`);
    const count = (i: number) => syncs[i].adds.length + syncs[i].sets.length + syncs[i].removes.length;
    return change({ summary: `bridge ${input.bridge}: ${count(0)} port and ${count(1)} VLAN row change(s)`, operations, touched, risk: 'high' });
  },
};
