import { DeviceState } from '../model/device-state';
import { seedConfig } from '../model/profiles';
import { SUPPORTED_VERSIONS, treeFor } from '../schema/menu-schema';
import { runConsole } from './console-command';

const users = [{ name: 'admin', password: 'x', group: 'full' as const }];

// The console's answer to every command of every menu, in process (one SSH exec per command would take minutes;
// test/command-tree-walk.e2e-spec.ts prints every menu over real SSH).
describe.each(SUPPORTED_VERSIONS)('the console of %s', (version) => {
  it('runs or refuses every command of every menu with a console error, never throws', async () => {
    const state = new DeviceState(version, 1, () => seedConfig({ profile: 'chr', version, identity: 'r', index: 0, users }));
    const failures: string[] = [];
    let ran = 0;
    for (const [menu, node] of Object.entries(treeFor(version))) {
      for (const command of node.commands) {
        // quit ends the session; safe mode has its own specs; a device-mode update waits 5 minutes for a button no
        // one presses (test/router-tools.e2e-spec.ts runs it with a short activation-timeout).
        if (command === 'quit' || menu === 'safe-mode' || (menu === 'system/device-mode' && command === 'update')) continue;
        const line = `/${menu.replace(/\//g, ' ')}${menu ? ' ' : ''}${command}`;
        try {
          const result = await runConsole(state, line, { session: 's', user: users[0] });
          if (result.ok) ran++;
          else if (!/^(bad command name|expected end of command|missing value|failure: |no such item|syntax error|input does not match)/.test(result.error ?? '')) failures.push(`${line}: ${result.error}`);
        } catch (error) {
          failures.push(`${line} threw ${String(error)}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(ran).toBeGreaterThan(400);
  });
});
