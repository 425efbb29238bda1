import type { DeviceState } from '../model/device-state';
import { commandItems } from './command-items';
import type { MenuCommand } from './menu-commands';
import { errors, RestError } from './rest-error';
import { sessionSleep } from './session-sleep';

/**
 * Commands of hardware the simulator has no model of: LTE modems and their eSIMs, serial PPP modems, disks, UPSes,
 * Wi-Fi radios and CAPsMAN's remote CAPs, switch chips' port controllers. No profile seeds LTE, eSIM, radio or
 * port-controller items and the trees give those menus no `add`, so there each command answers what RouterOS answers
 * on a router without the hardware: the item is checked (`missing value for number`, `no such item`). On an item that
 * exists (an added disk, UPS or PPP modem, a seeded remote CAP) the command's effect is not modelled: `not supported
 * by the simulator` (docs/simulator.md).
 */
type Key = 'number' | 'numbers' | 'interface';

/** `commands` of `menu`, whose items live in `items` (the menu itself unless given) and are named by `key`. */
function onItems(menu: string, key: Key, commands: string[], items = menu): Record<string, MenuCommand> {
  return Object.fromEntries(
    commands.map((command) => [
      `${menu}/${command}`,
      (state: DeviceState, body: Record<string, unknown>) => {
        try {
          commandItems(state, items, body, key);
        } catch (error) {
          // `interface=` names an interface, refused as the enumeration of interfaces refuses an unknown one.
          throw key === 'interface' && error instanceof RestError && error.detail === 'no such item' ? errors.noMatch('interface') : error;
        }
        throw errors.notSimulated(`${menu}/${command}`);
      },
    ]),
  );
}

export const HARDWARE_COMMANDS: Record<string, MenuCommand> = {
  ...onItems('interface/lte', 'number', ['at-chat', 'cell-monitor', 'firmware-upgrade', 'scan', 'show-capabilities']),
  ...onItems('interface/lte/esim', 'number', ['activate', 'deactivate', 'delete', 'set-nickname']),
  ...onItems('interface/lte/esim', 'interface', ['activate-profile', 'delete-profle', 'enable-profle', 'esim-id', 'list-profiles', 'provision', 'refresh-profile-list', 'rename-profle'], 'interface/lte'),
  ...onItems('interface/ppp-client', 'number', ['at-chat', 'firmware-upgrade', 'info', 'scan']),
  ...onItems('disk', 'numbers', ['eject', 'eject-drive', 'format', 'format-drive', 'monitor-traffic']),
  ...onItems('system/ups', 'numbers', ['monitor']),
  ...onItems('interface/wifi/radio', 'numbers', ['provision']),
  ...onItems('interface/wifi/radio', 'number', ['reg-info']),
  ...onItems('interface/wifi/capsman/remote-cap', 'numbers', ['provision', 'set-identity', 'upgrade']),
  ...onItems('interface/bridge/port-controller/device', 'numbers', ['monitor']),
  ...onItems('interface/bridge/port-controller/port', 'numbers', ['monitor']),
  ...onItems('interface/bridge/port-controller/port/poe', 'numbers', ['monitor']),
};

/** `/interface pppoe-client scan interface=`: no access concentrator answers on a simulated wire, so none is listed. */
export const PPPOE_SCAN: Record<string, MenuCommand> = {
  'interface/pppoe-client/scan': async (state, body, signal) => {
    const name = body['interface'];
    if (name === undefined) throw errors.missingValue('interface');
    try {
      state.interfaceRow(String(name));
    } catch {
      throw errors.noMatch('interface');
    }
    await sessionSleep(body['duration'] !== undefined ? 5 : 24 * 3600_000, signal);
    return [];
  },
};
