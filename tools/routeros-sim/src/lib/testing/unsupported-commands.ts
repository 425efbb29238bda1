import { DeviceState } from '../model/device-state';
import { seedConfig } from '../model/profiles';
import { handleRest } from '../rest/rest-handler';
import { RestError } from '../rest/rest-error';
import { treeFor } from '../schema/menu-schema';

const admin = { name: 'admin', password: 'x', group: 'full' as const };

/** The answer the simulator gives a command it does not model (rest-error.ts `notSimulated`). */
export const isNotSimulated = (detail: unknown) => typeof detail === 'string' && / is not supported by the simulator$/.test(detail);

/**
 * Every `menu/command` of `version`'s tree that the simulator answers with `… is not supported by the simulator`
 * when posted with no arguments over REST (the console refuses the same ones as `bad command name`), sorted. Run
 * in process on a fresh `chr` device per command (a command may reboot or reset it); commands that run until stopped
 * are stopped after a moment.
 */
export async function unsupportedCommands(version: string): Promise<string[]> {
  const out: string[] = [];
  for (const [menu, node] of Object.entries(treeFor(version))) {
    for (const command of node.commands) {
      if (command === 'quit') continue;
      const state = new DeviceState(version, 1, () => seedConfig({ profile: 'chr', version, identity: 'r', index: 0, users: [admin] }));
      const stop = new AbortController();
      const timer = setTimeout(() => stop.abort(), 50);
      const path = menu ? `${menu}/${command}` : command;
      try {
        await handleRest(state, { method: 'POST', path, query: new URLSearchParams(), body: {}, user: admin }, stop.signal);
      } catch (error) {
        if (error instanceof RestError && isNotSimulated(error.detail)) out.push(path);
      } finally {
        clearTimeout(timer);
      }
    }
  }
  return out.sort();
}
