import { randomBytes } from 'node:crypto';
import { parseTimeMs } from '../model/values';
import { commandItems } from './command-items';
import type { MenuCommand } from './menu-commands';
import { unreachable } from './reach-out-commands';
import { errors, RestError } from './rest-error';
import { sessionSleep } from './session-sleep';

/**
 * Packages, licence and device mode (Packages, Licenses and Device-mode manuals). The update server
 * (upgrade.mikrotik.com) and the licence server are other hosts, which the simulator never answers: checking for
 * updates, downloading, installing and renewing a licence fail as reach-out commands do (reach-out-commands.ts);
 * `status` of `/system/package/update` says so (its text chosen). Scheduling an uninstall, applying the scheduled
 * changes and the device-mode update are modelled on the device itself (docs/simulator.md).
 */
const UPDATE_SERVER = 'upgrade.mikrotik.com';

const viaUpdateServer: MenuCommand = (state) => {
  try {
    return unreachable(state, UPDATE_SERVER, 443);
  } catch (error) {
    if (error instanceof RestError) state.commandSetSingleton('system/package/update', { status: `ERROR: ${String(error.detail).replace(/^failure: /, '')}` });
    throw error;
  }
};

/** `/system/license renew account= password= [level=]`: the account is checked by MikroTik's licence server. */
const renew: MenuCommand = (state, body) => {
  for (const key of ['account', 'password']) if (body[key] === undefined || body[key] === '') throw errors.missingValue(key);
  return unreachable(state, 'licence.mikrotik.com', 443);
};

/** `/system/license generate-new-id` (CHR): a new software id, which the next `renew` would license. */
const generateNewId: MenuCommand = (state) => {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const id = [...randomBytes(11)].map((b) => alphabet[b % alphabet.length]).join('');
  state.commandSetSingleton('system/license', { 'system-id': id });
  return [];
};

/** `/system/package uninstall numbers=`: scheduled for the next reboot, as `disable` is (`unschedule` cancels). */
const uninstall: MenuCommand = (state, body) => {
  const rows = commandItems(state, 'system/package', body);
  if (rows.some((row) => row['name'] === 'routeros')) throw new RestError(400, 'failure: can not uninstall routeros package');
  for (const row of rows) state.commandUpdate('system/package', row['.id'], { scheduled: 'scheduled for uninstall' });
  return [];
};

/** 7.20 `/system/package apply-changes`: the scheduled uninstalls happen and the device reboots; nothing scheduled, nothing to do. */
const applyChanges: MenuCommand = (state) => {
  const scheduled = state.list('system/package').filter((row) => row['scheduled']);
  if (scheduled.length === 0) return [];
  for (const row of scheduled) {
    if (row['scheduled'] === 'scheduled for uninstall') state.commandRemove('system/package', row['.id']);
    else state.commandUpdate('system/package', row['.id'], { scheduled: '' });
  }
  state.reboot();
  return [];
};

/** `/system/package downgrade`: installs the older packages uploaded to /file; with none there is nothing to install. */
const downgrade: MenuCommand = (state) => {
  if (!state.list('file').some((file) => String(file['name'] ?? '').endsWith('.npk'))) throw new RestError(400, 'failure: no packages to downgrade');
  throw errors.notSimulated('system/package/downgrade');
};

/**
 * `/system/device-mode update …` (Device-mode manual): the change waits for a button press or a power cut on the
 * device itself within `activation-timeout` (5m by default); no hand presses a simulated router's button, so after
 * the timeout the change is cancelled and the mode stays (the console first prints the manual's prompt).
 */
const deviceModeUpdate: MenuCommand = async (_state, body, signal) => {
  const timeout = body['activation-timeout'] !== undefined ? parseTimeMs(String(body['activation-timeout'])) ?? 300_000 : 300_000;
  await sessionSleep(timeout, signal);
  throw new RestError(400, 'failure: update canceled, not activated in time');
};

export const PACKAGE_COMMANDS: Record<string, MenuCommand> = {
  'system/package/update/check-for-updates': viaUpdateServer,
  'system/package/update/download': viaUpdateServer,
  'system/package/update/install': viaUpdateServer,
  'system/license/renew': renew,
  'system/license/generate-new-id': generateNewId,
  'system/package/uninstall': uninstall,
  'system/package/apply-changes': applyChanges,
  'system/package/downgrade': downgrade,
  // The installed packages are the ones the simulator seeds: nothing is damaged.
  'system/check-installation': () => [{ status: 'installation is ok' }],
  'system/device-mode/update': deviceModeUpdate,
};
