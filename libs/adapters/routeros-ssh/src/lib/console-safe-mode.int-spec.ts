import type { Logger } from '@routeros-mcp/application-ports';
import { DeviceCommandError } from '@routeros-mcp/application-ports';
import type { AddressInfo } from 'node:net';
import { Server, utils } from 'ssh2';
import { SshConfigShell } from './ssh-config-shell';

const logger: Logger = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined, child: () => logger };

/**
 * A console that behaves as RouterOS's before 7.18 at the prompt: Ctrl+X toggles safe mode (the prompt says
 * `<SAFE>`), and only one session may hold it. It stands in until the simulator serves interactive consoles.
 */
function startConsole(): Promise<{ port: number; events: string[]; holdBy: { other: boolean }; close(): Promise<void> }> {
  // ssh2's generator now and then (about 1 in 250) emits an ed25519 key its own parser rejects: make another.
  let key = utils.generateKeyPairSync('ed25519');
  for (let attempt = 0; utils.parseKey(key.private) instanceof Error; attempt++) {
    if (attempt === 10) throw new Error('ssh2 generated no usable host key in 10 tries');
    key = utils.generateKeyPairSync('ed25519');
  }
  const events: string[] = [];
  const holdBy = { other: false };
  const server = new Server({ hostKeys: [key.private] }, (client) => {
    client.on('authentication', (ctx) => (ctx.method === 'password' && ctx.password === 'pw' ? ctx.accept() : ctx.reject(['password'])));
    client.on('error', () => undefined);
    client.on('ready', () => {
      client.on('session', (accept) => {
        const session = accept();
        session.on('pty', (ok) => ok?.());
        session.on('shell', (ok) => {
          const stream = ok();
          let safe = false;
          const prompt = () => stream.write(`\r\n[admin@r1] ${safe ? '<SAFE>' : '>'} `);
          stream.write('\x1b[9999B\r\n\r\n  MikroTik RouterOS 7.15.3 (c) 1999-2024\r\n');
          prompt();
          stream.on('data', (data: Buffer) => {
            if (!data.includes(0x18)) return;
            if (!safe && holdBy.other) {
              stream.write('\r\n[Safe Mode not taken: already taken by another session]');
              return prompt();
            }
            safe = !safe;
            events.push(safe ? 'taken' : 'released');
            stream.write(safe ? '\r\n[Safe Mode taken]' : '\r\n[Safe Mode released]');
            prompt();
          });
          stream.on('close', () => safe && events.push('session lost in safe mode'));
        });
      });
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ port: (server.address() as AddressInfo).port, events, holdBy, close: () => new Promise<void>((r) => server.close(() => r())) }),
    ),
  );
}

describe('safe mode on an interactive console (RouterOS before 7.18)', () => {
  const shell = new SshConfigShell(logger, { connectTimeoutMs: 2000, requestTimeoutMs: 2000 });
  let device: Awaited<ReturnType<typeof startConsole>>;
  let target: Parameters<SshConfigShell['open']>[0];

  beforeEach(async () => {
    device = await startConsole();
    const sshHostKey = await shell.presentedHostKey('127.0.0.1', device.port);
    target = { deviceId: 'old-1', host: '127.0.0.1', restPort: 443, sshPort: device.port, sshHostKey, username: 'admin', password: 'pw' };
  });
  afterEach(() => device.close());

  it('takes safe mode with Ctrl+X, confirmed by the <SAFE> prompt, and releases it the same way', async () => {
    const session = await shell.open(target, { routerosVersion: '7.15.3' });
    await session.takeSafeMode();
    await session.releaseSafeMode();
    await session.close();
    expect(device.events).toEqual(['taken', 'released']);
  });

  it('undoes by dropping the session unreleased (there is no unroll before 7.18), saying so', async () => {
    const session = await shell.open(target, { routerosVersion: '7.15.3' });
    await session.takeSafeMode();
    expect(await session.unrollSafeMode()).toEqual({ immediate: false });
    for (let i = 0; i < 100 && !device.events.includes('session lost in safe mode'); i++) await new Promise((r) => setTimeout(r, 20));
    expect(device.events).toEqual(['taken', 'session lost in safe mode']);
  });

  it('reports safe mode held by another session as a console error', async () => {
    device.holdBy.other = true;
    const session = await shell.open(target, { routerosVersion: '7.15.3' });
    const error = await session.takeSafeMode().catch((e: unknown) => e);
    await session.close();
    expect(error).toBeInstanceOf(DeviceCommandError);
    expect((error as DeviceCommandError).routerosError.detail).toMatch(/already taken/);
  });
});
