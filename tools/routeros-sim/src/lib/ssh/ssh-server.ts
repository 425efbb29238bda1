import { Server, utils } from 'ssh2';
import { randomUUID } from 'node:crypto';
import type { DeviceState, DeviceUser } from '../model/device-state';
import type { ClientTraces } from '../model/client-traces';
import type { Faults } from '../server/faults';
import { runConsole } from './console-command';
import { ConsoleShell } from './console-shell';
import { keyOf } from '../model/ssh-keys';

/** RouterOS takes terminal options after the login name (`admin+ct`: no colours, no terminal detection). */
const loginName = (username: string) => username.replace(/\+[0-9a-z]*$/i, '');
/** `admin+ct200w`: the console lays out for 200 columns (MikroTik's console login options put the number first). */
const loginWidth = (username: string): number | undefined => {
  const width = /\+[0-9a-z]*?(\d+)w[0-9a-z]*$/i.exec(username)?.[1];
  return width ? Number(width) : undefined;
};

export interface SshServerOptions {
  state: DeviceState;
  hostKey: string;
  faults: () => Faults;
  /** False once the configuration cut the path of open connections: their commands go unanswered. */
  reachable: () => boolean;
  /** How long after the safe-mode holder's connection is lost its changes are undone (a real device waits for TCP to time out). */
  safeModeRevertMs: number;
  /** Where live sessions show (`/user/active`). */
  traces?: ClientTraces;
}

/**
 * Undoes the safe-mode changes of a connection the device has lost: closed without releasing, or cut off by
 * the configuration for `safeModeRevertMs` (the device's TCP gives up on it and drops the session).
 */
function watchSafeMode(options: SshServerOptions, session: string, drop: () => void): { closed(): void } {
  const { state } = options;
  let timer: NodeJS.Timeout | undefined;
  const arm = (closed: boolean) => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      if (!closed && options.reachable()) return;
      if (state.revertSafeMode(session, false) && !closed) drop();
    }, options.safeModeRevertMs);
    timer.unref();
  };
  const unsubscribe = state.onChange(() => {
    if (state.safeModeHolder !== session) return;
    if (!options.reachable()) {
      if (!timer) arm(false);
    } else {
      clearTimeout(timer);
      timer = undefined;
    }
  });
  return {
    closed() {
      unsubscribe();
      if (state.safeModeHolder === session) arm(true);
      else clearTimeout(timer);
    },
  };
}

/** The device's `ssh` service: password logins, exec of console commands, an interactive console on a PTY. */
export function createSshServer(options: SshServerOptions): Server {
  const parsed = utils.parseKey(options.hostKey);
  if (parsed instanceof Error) throw parsed;
  return new Server({ hostKeys: [options.hostKey], ident: 'ROSSSH' }, (client, info) => {
    const session = randomUUID();
    let user: DeviceUser | undefined;
    let width: number | undefined;
    let trace: { close(): void } | undefined;
    const shells: ConsoleShell[] = [];
    // Exec channels' prints that run until stopped: they end with the connection too (a channel's own close may never
    // come once the client is gone).
    const execs: AbortController[] = [];
    // An echo, an answer and a prompt are separate small writes: with Nagle each waits for the peer's delayed ACK
    // (about 40 ms on Linux), which made every console line take ~90 ms and every exec ~190 ms.
    (client as typeof client & { setNoDelay(on: boolean): void }).setNoDelay(true); // in ssh2's server, not in its types
    client.on('error', () => undefined);
    client.on('authentication', (ctx) => {
      // The device's own `/user` rows decide: a user added there logs in with its password, or with a key of
      // `/user/ssh-keys` (a query without a signature is answered yes, then the signature is verified).
      const name = loginName(ctx.username);
      if (ctx.method === 'publickey') {
        const key = options.state.loginRefusal(name, 'ssh') ? undefined : keyOf(options.state.list('user/ssh-keys'), name, ctx.key.data);
        if (!key) return ctx.reject(['password', 'publickey']);
        if (!ctx.signature) return ctx.accept();
        if (key.verify(ctx.blob!, ctx.signature, ctx.hashAlgo) !== true) return ctx.reject(['password', 'publickey']);
        user = { name, password: '', group: options.state.get('user', name)['group'] ?? '' };
        width = loginWidth(ctx.username);
        return ctx.accept();
      }
      const candidate = ctx.method === 'password' ? options.state.authenticate(name, ctx.password) : undefined;
      if (candidate && !options.state.loginRefusal(candidate.name, 'ssh')) {
        user = candidate;
        width = loginWidth(ctx.username);
        return ctx.accept();
      }
      return ctx.reject(['password', 'publickey']);
    });
    const watch = watchSafeMode(options, session, () => client.end());
    // RouterOS ends the sessions of a user that is removed or disabled.
    const unwatchUser = options.state.onChange(() => {
      if (user && options.state.sessionsEnd(user.name)) client.end();
    });
    client.on('close', () => {
      unwatchUser();
      trace?.close();
      shells.forEach((s) => s.close());
      execs.forEach((e) => e.abort());
      watch.closed();
    });
    client.on('ready', () => {
      trace = options.traces?.open({ user: user!.name, group: user!.group, via: 'ssh', service: 'ssh', remotePort: info.port, end: () => client.end() });
      client.on('session', (accept) => {
        const channel = accept();
        // The terminal's width, unless the login named one; `print detail` wraps at it.
        let columns = width;
        channel.on('pty', (acceptPty, _reject, pty) => {
          columns = width ?? (pty.cols || undefined);
          acceptPty?.();
        });
        channel.on('window-change', (acceptChange, _reject, change) => {
          columns = width ?? (change.cols || undefined);
          acceptChange?.();
        });
        channel.on('shell', (acceptShell) => {
          const stream = acceptShell();
          const shell = new ConsoleShell(options.state, session, user!, () => columns, {
            write: (text) => void (options.reachable() && stream.write(text)),
            end: () => {
              stream.exit(0);
              stream.end();
              client.end();
            },
            reachable: options.reachable,
          });
          shells.push(shell);
          stream.on('data', (data: Buffer) => shell.input(data));
          stream.on('close', () => shell.close());
          shell.start();
        });
        channel.on('exec', (acceptExec, _reject, execInfo) => {
          const stream = acceptExec();
          if (!options.reachable()) return; // packets no longer arrive: the client's timeout decides
          // A print that runs until stopped (`follow`, `interval=`) streams until the client closes the channel.
          const closed = new AbortController();
          execs.push(closed);
          stream.on('close', () => closed.abort());
          const live = { write: (text: string) => void (!closed.signal.aborted && options.reachable() && stream.write(text)), signal: closed.signal };
          void runConsole(options.state, execInfo.command, { session, user: user!, width: columns, stream: live }).then((result) => {
            const delay = result.isExport ? (options.faults().slowExportMs ?? 0) : 0;
            setTimeout(() => {
              if (closed.signal.aborted) return;
              stream.write(result.output);
              stream.exit(result.ok ? 0 : 1);
              stream.end();
            }, delay);
          });
        });
      });
    });
  });
}
