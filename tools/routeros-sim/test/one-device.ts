import { Fleet, FleetOptions, startFleet } from '../src';
import { call } from './rest-client';
import { sshOnce } from './ssh-client';

/**
 * One simulated device of `profile` for a describe block: started before its tests, reset to its seed after each,
 * stopped after them; `rest` and `ssh` reach it as the admin user.
 */
export function oneDevice(version: string, profile: 'home' | 'edge' | 'chr' = 'home', options: Pick<FleetOptions, 'packages'> = {}) {
  let started: Fleet | undefined;
  beforeAll(async () => (started = await startFleet({ devices: 1, version, profile, ...options })));
  afterAll(() => started?.stop());
  afterEach(() => fetch(`${started!.control.url}/reset`, { method: 'POST' }));
  const sim = {
    get fleet(): Fleet {
      return started!;
    },
    rest: (method: string, path: string, body?: unknown) => call(sim.fleet.devices[0].restUrl, method, path, { body }),
    ssh: (command: string) => sshOnce(sim.fleet.devices[0].sshPort, command, { password: 'admin' }),
  };
  return sim;
}
