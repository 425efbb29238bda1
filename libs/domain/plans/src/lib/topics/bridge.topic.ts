import { BridgeInput, bridgePlanner, BridgePort, BridgeVlan, FRAME_TYPES } from '@routeros-mcp/domain-changes';
import { ValidationError } from '@routeros-mcp/domain-kernel';
import type { PlanTopic } from './plan-topic';
import { list, onlyKeys, record, stringList, text, uniqueBy } from './topic-fields';

export const BRIDGE_LIMIT = 100;
const IFACE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
const LINE = /^[^\r\n"]{1,200}$/;

function vlanId(value: unknown, field: string): number {
  if (!Number.isInteger(value) || (value as number) < 1 || (value as number) > 4094) throw ValidationError.single(field, 'must be a VLAN id 1-4094');
  return value as number;
}

/** `20`, `20,30` or `100-110`, each id 1-4094, as the VLAN table row holds them. */
function vlanIds(value: unknown, field: string): string {
  const raw = typeof value === 'number' ? String(value) : Array.isArray(value) ? value.join(',') : value;
  if (typeof raw !== 'string' || !/^\d{1,4}(-\d{1,4})?(,\d{1,4}(-\d{1,4})?)*$/.test(raw)) throw ValidationError.single(field, 'must be VLAN ids: 20, [20, 30] or "100-110"');
  for (const id of raw.split(/[,-]/)) vlanId(Number(id), field);
  return raw;
}

function parsePort(value: unknown, at: string): BridgePort {
  const p = record(value, at);
  onlyKeys(p, ['interface', 'pvid', 'frame-types', 'ingress-filtering', 'comment'], `${at}.`);
  const port: BridgePort = { interface: text(p['interface'], `${at}.interface`, IFACE, 'an interface name') };
  if (p['frame-types'] !== undefined && !(FRAME_TYPES as readonly unknown[]).includes(p['frame-types'])) throw ValidationError.single(`${at}.frame-types`, `must be one of ${FRAME_TYPES.join(', ')}`);
  if (p['ingress-filtering'] !== undefined && typeof p['ingress-filtering'] !== 'boolean') throw ValidationError.single(`${at}.ingress-filtering`, 'must be true or false');
  return {
    ...port,
    ...(p['pvid'] !== undefined ? { pvid: vlanId(p['pvid'], `${at}.pvid`) } : {}),
    ...(p['frame-types'] !== undefined ? { 'frame-types': p['frame-types'] as BridgePort['frame-types'] } : {}),
    ...(p['ingress-filtering'] !== undefined ? { 'ingress-filtering': p['ingress-filtering'] as boolean } : {}),
    ...(p['comment'] !== undefined ? { comment: text(p['comment'], `${at}.comment`, LINE, 'one line of text without quotes') } : {}),
  };
}

function parseVlan(value: unknown, at: string): BridgeVlan {
  const v = record(value, at);
  onlyKeys(v, ['vlan-ids', 'tagged', 'untagged', 'comment'], `${at}.`);
  const tagged = v['tagged'] === undefined ? [] : stringList(v['tagged'], `${at}.tagged`, { allowEmpty: true });
  const untagged = v['untagged'] === undefined ? [] : stringList(v['untagged'], `${at}.untagged`, { allowEmpty: true });
  const both = tagged.find((m) => untagged.includes(m));
  if (both) throw ValidationError.single(`${at}.untagged`, `${both} is also tagged`);
  return { 'vlan-ids': vlanIds(v['vlan-ids'], `${at}.vlan-ids`), tagged, untagged, ...(v['comment'] !== undefined ? { comment: text(v['comment'], `${at}.comment`, LINE, 'one line of text without quotes') } : {}) };
}

/**
 * One bridge's ports, PVIDs and VLAN table on every target: `{ bridge, ports?: [{ interface, pvid?, frame-types?,
 * ingress-filtering?, comment? }], vlans?: [{ vlan-ids, tagged?, untagged?, comment? }], remove?: { ports?: [interface],
 * vlans?: [vlan-ids] } }`. The management port is protected by the pipeline's management-path evaluation.
 */
export const bridgeTopic: PlanTopic<BridgeInput> = {
  name: 'bridge',
  tool: 'bridge_plan_step',
  requiresFlag: 'allow_bridge_writes',
  parse(change) {
    onlyKeys(change, ['bridge', 'ports', 'vlans', 'remove'], '');
    const bridge = text(change['bridge'], 'bridge', IFACE, 'a bridge name');
    const ports = list(change['ports'], 'ports', BRIDGE_LIMIT).map((p, i) => parsePort(p, `ports.${i}`));
    const vlans = list(change['vlans'], 'vlans', BRIDGE_LIMIT).map((v, i) => parseVlan(v, `vlans.${i}`));
    const rm = change['remove'] === undefined ? {} : record(change['remove'], 'remove');
    onlyKeys(rm, ['ports', 'vlans'], 'remove.');
    const remove = {
      ports: list(rm['ports'], 'remove.ports', BRIDGE_LIMIT).map((p, i) => text(p, `remove.ports.${i}`, IFACE, 'an interface name')),
      vlans: list(rm['vlans'], 'remove.vlans', BRIDGE_LIMIT).map((v, i) => vlanIds(v, `remove.vlans.${i}`)),
    };
    if (ports.length + vlans.length + remove.ports.length + remove.vlans.length === 0) throw ValidationError.single('ports', 'give ports, VLAN rows or removals');
    uniqueBy(ports, (p) => p.interface, 'ports');
    uniqueBy(vlans, (v) => v['vlan-ids'], 'vlans');
    const clash = remove.ports.find((p) => ports.some((d) => d.interface === p)) ?? remove.vlans.find((v) => vlans.some((d) => d['vlan-ids'] === v));
    if (clash) throw ValidationError.single('remove', `${clash} is both held and removed`);
    return { bridge, ports, vlans, remove };
  },
  describe: (input) => `bridge ${input.bridge}: ${input.ports.length} port(s), ${input.vlans.length} VLAN row(s)${input.remove.ports.length + input.remove.vlans.length ? `, ${input.remove.ports.length + input.remove.vlans.length} removal(s)` : ''}`,
  planner: bridgePlanner,
};
