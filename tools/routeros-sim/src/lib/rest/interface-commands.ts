import type { DeviceState } from '../model/device-state';
import { commandItems } from './command-items';
import type { MenuCommand } from './menu-commands';

/**
 * `reset-mac-address` (Ethernet manual: "reset-mac-address – resets MAC address to the manufacturer default"): the
 * port takes its `orig-mac-address` back. A row without one keeps its address (chosen: nothing to go back to).
 */
const resetMacAddress = (menu: string): MenuCommand => (state: DeviceState, body) => {
  for (const row of commandItems(state, menu, body)) {
    if (row['orig-mac-address'] && row['mac-address'] !== row['orig-mac-address']) state.commandUpdate(menu, row['.id'], { 'mac-address': row['orig-mac-address'] });
  }
  return [];
};

/** `blink`: the port's (or disk's) LED blinks; nothing else changes, but the items must exist. */
const blink = (menu: string): MenuCommand => (state: DeviceState, body) => {
  commandItems(state, menu, body);
  return [];
};

export const INTERFACE_COMMANDS: Record<string, MenuCommand> = {
  'interface/ethernet/reset-mac-address': resetMacAddress('interface/ethernet'),
  'interface/wifi/reset-mac-address': resetMacAddress('interface/wifi'),
  'interface/ethernet/blink': blink('interface/ethernet'),
  'interface/blink': blink('interface'),
  'disk/blink': blink('disk'),
};
