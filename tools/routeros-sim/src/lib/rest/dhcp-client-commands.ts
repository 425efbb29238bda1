import type { DeviceState } from '../model/device-state';
import { commandItems } from './command-items';
import type { MenuCommand } from './menu-commands';

/**
 * `/ip/dhcp-client release` (DHCP manual: "release – release current binding and restart DHCP client"): the client
 * gives its lease back, so its address, default route and DNS servers go (model/dhcp-client.ts `isBound`) and it
 * searches again. The simulator runs no upstream server, so it stays `searching...` until `renew` (chosen without a
 * source, docs/simulator.md).
 */
const release = (menu: string): MenuCommand => (state: DeviceState, body) => {
  for (const row of commandItems(state, menu, body)) state.commandUpdate(menu, row['.id'], { '.released': 'true' });
  return [];
};

/**
 * `renew` ("renew current leases; if the renew operation was not successful, the client tries to reinitialize the
 * lease"): a released client gets its lease back from the server that gave it; a bound one keeps it. A client the
 * simulator never gave a lease keeps searching, as it would with no server answering.
 */
const renew = (menu: string): MenuCommand => (state: DeviceState, body) => {
  for (const row of commandItems(state, menu, body)) if (row['.released'] !== undefined) state.commandUpdate(menu, row['.id'], { '.released': undefined });
  return [];
};

export const DHCP_CLIENT_COMMANDS: Record<string, MenuCommand> = {
  'ip/dhcp-client/release': release('ip/dhcp-client'),
  'ip/dhcp-client/renew': renew('ip/dhcp-client'),
  'ipv6/dhcp-client/release': release('ipv6/dhcp-client'),
  'ipv6/dhcp-client/renew': renew('ipv6/dhcp-client'),
};
