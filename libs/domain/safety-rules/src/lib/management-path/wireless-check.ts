import { Check, CheckResult, cut, ok } from './check';
import { Endpoint } from './endpoint';
import { interfaceProblem } from './interface-graph';
import { isTrue, rowsOf, Snapshot } from './snapshot';
import { changedSettings, findRadio, PathRadio, radioRow, radioSettings, RadioSetting } from './wireless-settings';
import { WIRELESS_STACKS } from './wireless-stacks';

/** The interfaces the client's frames cross on the device: the ingress and the bridge port, with what they sit on. */
function pathInterfaces(snap: Snapshot, ep: Endpoint): string[] {
  const names: string[] = [];
  const visit = (name: string | undefined, depth: number) => {
    if (!name || depth > 8 || names.includes(name)) return;
    names.push(name);
    const iface = snap.interfaces.get(name);
    visit(iface?.parent, depth + 1);
    visit(iface?.master, depth + 1);
    for (const slave of iface?.slaves ?? []) visit(slave, depth + 1);
  };
  visit(ep.ingress, 0);
  visit(ep.bridgePort, 0);
  return names;
}

/**
 * The radios the management path crosses, as `before` shows them: a wireless interface among the path's interfaces
 * (the client associated to this device's radio, or a CAP radio CAPsMAN forwards to the manager), and a CAPsMAN
 * radio the client's MAC is registered on (a CAP forwarding locally: its frames arrive on a wired port, but the radio
 * they crossed is made and configured here).
 */
export function pathRadios(before: Snapshot, ep: Endpoint): PathRadio[] {
  const radios = pathInterfaces(before, ep).flatMap((name) => findRadio(before, WIRELESS_STACKS, name) ?? []);
  if (ep.mac) {
    for (const stack of WIRELESS_STACKS) {
      for (const reg of rowsOf(before.rows, stack.registration)) {
        if (reg['mac-address']?.toUpperCase() !== ep.mac || !reg['interface'] || radios.some((r) => r.name === reg['interface'])) continue;
        const radio = findRadio(before, [stack], reg['interface']);
        if (radio?.capsman) radios.push(radio);
      }
    }
  }
  return radios;
}

const MODE = /(^|\.)mode$/;
const describe = (changed: readonly RadioSetting[]) => {
  const byPlace = new Map<string, string[]>();
  for (const s of changed) byPlace.set(s.where, [...new Set([...(byPlace.get(s.where) ?? []), s.property])]);
  return [...byPlace].map(([where, props]) => `${where} (${props.join(', ')})`).join('; ');
};

/**
 * Judges one radio the path crosses: gone, disabled (through any of its menus) or out of its mode is a cut; any other
 * change to what it offers cannot be judged. Its settings are compared when its stack's menus were read (the change
 * writes them); otherwise only its state in `/interface`.
 */
function judgeRadio(snap: Snapshot, ep: Endpoint, before: Snapshot, radio: PathRadio): CheckResult {
  const which = `${radio.name}, the ${radio.capsman ? 'CAPsMAN-provided ' : ''}Wi-Fi interface ${ep.client} reaches the device through`;
  const details = { interface: radio.name, wireless_stack: radio.stack.name };
  const problem = interfaceProblem(snap, snap.canon(radio.name));
  if (problem) return cut(`${problem.name === radio.name ? which : `interface ${problem.name} (under ${which})`}, would be ${problem.problem === 'missing' ? 'removed' : 'disabled'}`, details);
  if (!(radio.stack.interfaces in before.rows)) return ok;
  const was = radioSettings(before.rows, radio);
  if (!was) return ok;
  const now = radioSettings(snap.rows, radio);
  if (!now) return cut(`${which}, would be removed`, details);
  const changed = changedSettings(was, now);
  if (changed.length === 0) return ok;
  const row = radioRow(snap.rows, radio)!;
  if (isTrue(row['disabled'])) return cut(`${which}, would be disabled`, details);
  const mode = changed.find((s) => s.where === radio.name && MODE.test(s.property));
  if (mode) return cut(`${which}, would change its ${mode.property} to ${row[mode.property] ?? 'its default'}, so ${ep.client} could no longer associate to it`, details);
  return {
    ok: false,
    unknown: true,
    message:
      `the change would alter ${describe(changed)}, which decides what ${which}, offers its clients: they must associate again, ` +
      `and whether ${ep.client} can (with a new SSID, passphrase, security, band or channel) cannot be judged from the device. ` +
      `Make this change over another path (wired, or another radio), or leave this device out`,
    details: { ...details, changed: changed.map((s) => `${s.where}:${s.property}`) },
  };
}

/** The radios the client's frames cross keep offering it what it associated with (see `judgeRadio`). */
export const wirelessCheck: Check = {
  name: 'wireless',
  run(snap, ep, before) {
    for (const radio of pathRadios(before, ep)) {
      const verdict = judgeRadio(snap, ep, before, radio);
      if (!verdict.ok) return verdict;
    }
    return ok;
  },
};
