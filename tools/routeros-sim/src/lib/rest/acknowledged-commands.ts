import type { DeviceState } from '../model/device-state';
import { commandItems } from './command-items';
import { errors } from './rest-error';
import type { MenuCommand } from './menu-commands';

/**
 * Commands whose effect lies outside what the simulator models (a DHCP client it does not run, a BGP peer, a UPS, a
 * proxy cache it never filled): each checks what RouterOS checks — its items exist (`no such item`), the interface or
 * user it names exists — and then answers as the router does when there is nothing more to show (chosen,
 * docs/simulator.md). Tables such as `/routing/bgp/session` or `/system/ups` are empty in the simulator, so their
 * commands end at `no such item`, as on a router without sessions or a UPS.
 */
const onItems = (menu: string, key = 'numbers'): MenuCommand => (state, body) => {
  commandItems(state, menu, body, key);
  return [];
};

const nothingToDo: MenuCommand = () => [];

function existingInterface(state: DeviceState, name: string): void {
  try {
    state.interfaceRow(name);
  } catch {
    throw errors.noMatch('interface');
  }
}

/** `/tool/wol mac=M [interface=I]`: sends a magic packet (nothing to observe); the MAC is required. */
const wol: MenuCommand = (state, body) => {
  if (body['mac'] === undefined) throw errors.missingValue('mac');
  if (body['interface'] !== undefined) existingInterface(state, String(body['interface']));
  return [];
};

/** `/console clear-history [user=U]` (7.20 names a user, who must exist): the simulator keeps no console history. */
const clearHistory: MenuCommand = (state, body) => {
  if (body['user'] !== undefined && !state.rawRow('user', String(body['user']))) throw errors.noMatch('user');
  return [];
};

/** `/system sup-output [name=N]`: writes the support file `N.rif` (`supout.rif` by default) into /file. */
const supOutput: MenuCommand = (state, body) => {
  const name = body['name'] === undefined ? 'supout' : String(body['name']);
  if (!/^[A-Za-z0-9_.-]{1,100}$/.test(name)) throw errors.invalidValue('name', name);
  state.writeFile(name.endsWith('.rif') ? name : `${name}.rif`, '.rif file', undefined, { '.size': '65536' });
  return [];
};

/** `/system/package unschedule numbers=…`: the package's scheduled enable, disable or uninstall is cancelled. */
const unschedule: MenuCommand = (state, body) => {
  for (const row of commandItems(state, 'system/package', body)) if (row['scheduled']) state.commandUpdate('system/package', row['.id'], { scheduled: '' });
  return [];
};

/**
 * `/ip/hotspot/host make-binding numbers=… type=T [comment=]` (HotSpot manual): an IP binding for each host's MAC
 * address, of type T (`regular`, `bypassed`, `blocked`).
 */
const makeBinding: MenuCommand = (state, body) => {
  const hosts = commandItems(state, 'ip/hotspot/host', body);
  if (body['type'] === undefined) throw errors.missingValue('type');
  for (const host of hosts) {
    state.add('ip/hotspot/ip-binding', { 'mac-address': host['mac-address'], type: body['type'], ...(body['comment'] !== undefined ? { comment: body['comment'] } : {}) });
  }
  return [];
};

export const ACKNOWLEDGED_COMMANDS: Record<string, MenuCommand> = {
  'system/package/unschedule': unschedule,
  'ip/hotspot/host/make-binding': makeBinding,
  // Ad lists: the simulator fetches no list, so there is nothing to reload; a pause has no filtering to stop.
  'ip/dns/adlist/reload': nothingToDo,
  'ip/dns/adlist/pause': nothingToDo,
  // Package sources of other devices: the simulator serves none, so there is nothing to refresh.
  'system/package/local-update/refresh': nothingToDo,
  'system/package/local-update/mirror/force-check': nothingToDo,
  'system/upgrade/refresh': nothingToDo,
  'system/upgrade/mirror/force-check': nothingToDo,
  // Packages for other devices (7.15's /system/upgrade, 7.20's local-update): none newer to fetch either.
  'system/upgrade/download': onItems('system/upgrade'),
  'system/upgrade/download-all': nothingToDo,
  'system/package/local-update/download': onItems('system/package/local-update'),
  'system/package/local-update/download-all': nothingToDo,
  // The simulator's routes are its FIB: reinstalling them changes nothing.
  'routing/reinstall-fib': nothingToDo,
  // Hardware: no USB or PCI device is attached to a simulated router.
  'system/resource/hardware/authorize': onItems('system/resource/hardware'),
  'system/resource/usb/authorize': onItems('system/resource/usb'),
  'system/backup/cloud/download-file': onItems('system/backup/cloud', 'number'),
  // DHCP: the simulator runs no client to reconfigure, and no rogue server for an alert to have found.
  'ip/dhcp-server/lease/send-reconfigure': onItems('ip/dhcp-server/lease'),
  'ipv6/dhcp-server/binding/send-reconfigure': onItems('ipv6/dhcp-server/binding'),
  'ip/dhcp-server/alert/reset-alert': onItems('ip/dhcp-server/alert'),
  // BGP: configuration only, no sessions (issue 23: no protocol emulation).
  'routing/bgp/session/clear': onItems('routing/bgp/session'),
  'routing/bgp/session/stop': onItems('routing/bgp/session'),
  'routing/bgp/session/refresh': onItems('routing/bgp/session'),
  'routing/bgp/session/resend': onItems('routing/bgp/session'),
  'routing/bgp/session/dump-saved-advertisements': onItems('routing/bgp/session'),
  // IPsec: no tunnel is ever up, so there are no peers to drop and no SAs to flush.
  'ip/ipsec/active-peers/kill-connections': nothingToDo,
  'ip/ipsec/installed-sa/flush': nothingToDo,
  // UPS: none attached.
  'system/ups/beep': onItems('system/ups', 'number'),
  'system/ups/rtc': onItems('system/ups', 'number'),
  'system/ups/self-test': onItems('system/ups', 'number'),
  'ip/proxy/clear-cache': nothingToDo,
  'console/clear-history': clearHistory,
  'system/ntp/client/reset-freq-drift': nothingToDo,
  'disk/scan': nothingToDo,
  'snmp/send-trap': nothingToDo,
  'tool/wol': wol,
  'system/sup-output': supOutput,
  'system/package/update/cancel': nothingToDo,
};
