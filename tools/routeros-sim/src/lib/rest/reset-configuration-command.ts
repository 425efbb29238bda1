import type { DeviceState } from '../model/device-state';
import { scriptHostOf } from '../script/script-host';
import { runImport } from './import-command';
import type { MenuCommand } from './menu-commands';
import { errors, RestError } from './rest-error';

const SWITCHES = ['keep-users', 'no-defaults', 'skip-backup', 'shutdown', 'caps-mode', 'force-v6-to-v7-configuration-upgrade'];

/** How long the device takes to go down after answering (as `/system shutdown`: long enough for the answer to leave). */
const RESET_DELAY_MS = 200;

const yes = (value: unknown) => value !== undefined && value !== 'no' && value !== 'false' && value !== false;

/**
 * `/system reset-configuration` (Configuration Management manual: the configuration goes back to the defaults and the
 * device reboots; `keep-users`, `no-defaults`, `run-after-reset`, `shutdown`). It answers, then (as `shutdown`, after
 * the answer leaves) the configuration is reset and the device boots with it: with the profile's seed as its default
 * configuration (chosen: a simulated device's defaults are its profile's), or with no defconf at all (`no-defaults`:
 * no address, so the managing client is cut off as on a real router); `keep-users` keeps `/user` and its menus.
 * `run-after-reset=F.rsc` (a file that must exist: `failure: no such file`, chosen) runs as `/import` does, as the
 * first full user; `shutdown=yes` leaves the device off until powered on. `caps-mode` and
 * `force-v6-to-v7-configuration-upgrade` load the same defaults, and `skip-backup` changes nothing: the simulator
 * makes no backup before a reset (chosen). The console's `Dangerous! Reset anyway? [y/N]` prompt is not asked
 * (chosen, as for reboot).
 */
const resetConfiguration: MenuCommand = (state, body) => {
  // yes/no switches: anything else is refused as an enum is (the tree gives them no rule; chosen text).
  for (const key of SWITCHES) if (body[key] !== undefined && !['yes', 'no', 'true', 'false', ''].includes(String(body[key]))) throw errors.noMatch(key);
  const script = body['run-after-reset'] === undefined || body['run-after-reset'] === '' ? undefined : String(body['run-after-reset']);
  if (script !== undefined && !state.fileRow(script)) throw new RestError(400, 'failure: no such file');
  const options = { keepUsers: yes(body['keep-users']), noDefaults: yes(body['no-defaults']) };
  setTimeout(() => void reset(state, options, script, yes(body['shutdown'])), RESET_DELAY_MS).unref();
  return [];
};

async function reset(state: DeviceState, options: { keepUsers: boolean; noDefaults: boolean }, script: string | undefined, shutdown: boolean): Promise<void> {
  state.resetConfiguration(options);
  scriptHostOf(state)?.reset(); // globals end with the boot
  if (script !== undefined) {
    const runner = state.list('user').find((u) => u['group'] === 'full')?.['name'];
    // A failing script leaves the device as far as it got, as the import's own failure would (logged, not answered).
    if (runner) await runImport(state, { 'file-name': script }, runner).catch((error: unknown) => state.log('script,error', `run-after-reset: ${error instanceof RestError ? error.detail : String(error)}`));
  }
  if (shutdown) state.powerOff();
}

export const RESET_CONFIGURATION: Record<string, MenuCommand> = { 'system/reset-configuration': resetConfiguration };
