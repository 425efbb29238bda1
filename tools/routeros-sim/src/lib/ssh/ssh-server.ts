import { Server, utils } from 'ssh2';
import { timingSafeEqual } from 'node:crypto';
import type { DeviceState, DeviceUser } from '../model/device-state';
import { runSshCommand } from './ssh-command';

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The device's `ssh` service: password logins of its users, exec of console commands. */
export function createSshServer(options: { state: DeviceState; hostKey: string; users: () => DeviceUser[] }): Server {
  const parsed = utils.parseKey(options.hostKey);
  if (parsed instanceof Error) throw parsed;
  return new Server({ hostKeys: [options.hostKey], ident: 'ROSSSH' }, (client) => {
    client.on('error', () => undefined);
    client.on('authentication', (ctx) => {
      const user = options.users().find((u) => u.name === ctx.username);
      if (ctx.method === 'password' && user && same(ctx.password, user.password)) return ctx.accept();
      return ctx.reject(['password']);
    });
    client.on('ready', () => {
      client.on('session', (accept) => {
        const session = accept();
        session.on('exec', (acceptExec, _reject, info) => {
          const stream = acceptExec();
          const { output, exitCode } = runSshCommand(options.state, info.command);
          stream.write(output);
          stream.exit(exitCode);
          stream.end();
        });
      });
    });
  });
}
