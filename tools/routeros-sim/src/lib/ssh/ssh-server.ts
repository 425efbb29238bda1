import { Server, utils } from 'ssh2';
import { randomUUID, timingSafeEqual } from 'node:crypto';
import type { DeviceState, DeviceUser } from '../model/device-state';
import type { Faults } from '../server/faults';
import { runSshCommand } from './ssh-command';

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export interface SshServerOptions {
  state: DeviceState;
  hostKey: string;
  users: () => DeviceUser[];
  faults: () => Faults;
  /** False once the configuration cut the path of open connections: their commands go unanswered. */
  reachable: () => boolean;
  /** How long after the safe-mode holder's connection drops its changes are undone (a real device waits for TCP to time out). */
  safeModeRevertMs: number;
}

/** The device's `ssh` service: password logins of its users, exec of console commands, safe mode per connection. */
export function createSshServer(options: SshServerOptions): Server {
  const parsed = utils.parseKey(options.hostKey);
  if (parsed instanceof Error) throw parsed;
  return new Server({ hostKeys: [options.hostKey], ident: 'ROSSSH' }, (client) => {
    const session = randomUUID();
    let user: DeviceUser | undefined;
    client.on('error', () => undefined);
    client.on('authentication', (ctx) => {
      const candidate = options.users().find((u) => u.name === ctx.username);
      if (ctx.method === 'password' && candidate && same(ctx.password, candidate.password)) {
        user = candidate;
        return ctx.accept();
      }
      return ctx.reject(['password']);
    });
    client.on('close', () => {
      if (options.state.safeModeHolder !== session) return;
      setTimeout(() => options.state.revertSafeMode(session, false), options.safeModeRevertMs).unref();
    });
    client.on('ready', () => {
      client.on('session', (accept) => {
        accept().on('exec', (acceptExec, _reject, info) => {
          const stream = acceptExec();
          if (!options.reachable()) return; // packets no longer arrive: the client's timeout decides
          const result = runSshCommand(options.state, info.command, { session, user: user! });
          const delay = result.isExport ? (options.faults().slowExportMs ?? 0) : 0;
          setTimeout(() => {
            stream.write(result.output);
            stream.exit(result.exitCode);
            stream.end();
          }, delay);
        });
      });
    });
  });
}
