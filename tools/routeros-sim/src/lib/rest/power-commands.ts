import { scriptHostOf } from '../script/script-host';
import type { MenuCommand } from './menu-commands';

/** How long the device takes to go down after answering (chosen: long enough for the answer to leave). */
const SHUTDOWN_DELAY_MS = 200;

/**
 * `/system shutdown` (System manual: "shutdown – shuts down the device"): it answers, then its services stop
 * answering (connections refused) and stay so until someone powers it on, which the simulator's control API does
 * (`POST /devices/:i/power-on`; a reset too). The console's `Shutdown, yes? [y/N]` prompt is not asked (chosen,
 * docs/simulator.md, as for reboot).
 */
const shutdown: MenuCommand = (state) => {
  setTimeout(() => state.powerOff(), SHUTDOWN_DELAY_MS).unref();
  return [];
};

/**
 * `/system check-disk` (System manual: the file system is checked at the next boot, and the device reboots now): a
 * reboot, as `/system/reboot` does it (uptime from zero, safe mode and script globals gone); the simulated disk has
 * nothing to repair.
 */
const checkDisk: MenuCommand = (state) => {
  state.reboot();
  scriptHostOf(state)?.reset();
  return [];
};

export const POWER_COMMANDS: Record<string, MenuCommand> = { 'system/shutdown': shutdown, 'system/check-disk': checkDisk };
