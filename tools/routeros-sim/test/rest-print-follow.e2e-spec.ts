import { Fleet, startFleet } from '../src';
import { call } from './rest-client';
import { sshOnce } from './ssh-client';

/**
 * `print follow`, `follow-only` and `interval=` over REST, as MikroTik's REST API manual describes ("Timeout"): the
 * REST API has no streaming, a command that runs indefinitely is cut off after the session timeout (60 s on a
 * router; shortened here) with 400 `Session closed`, and never answers rows. The console still runs them.
 */
describe.each(['7.15.3', '7.20.5'])('RouterOS %s print follow over REST', (version) => {
  const TIMEOUT_MS = 1500;
  let fleet: Fleet;
  beforeAll(async () => (fleet = await startFleet({ devices: 1, version, profile: 'home', requestTimeoutMs: TIMEOUT_MS })));
  afterAll(() => fleet?.stop());
  const rest = (method: string, path: string, body?: unknown) => call(fleet.devices[0].restUrl, method, path, { body });

  it.each([
    ['follow', { follow: '' }],
    ['follow-only', { 'follow-only': '' }],
    ['interval', { interval: '1s' }],
  ])('never answers a print with %s: the session timeout closes it with 400 Session closed', async (_word, body) => {
    const started = Date.now();
    const reply = await rest('POST', '/ip/address/print', body);
    expect(Date.now() - started).toBeGreaterThanOrEqual(TIMEOUT_MS - 100);
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ detail: 'Session closed', error: 400, message: 'Bad Request' });
  });

  it('times out a settings menu printed with interval=, and refuses what the menu\'s print does not take', async () => {
    expect(await rest('POST', '/system/identity/print', { interval: '1s' })).toMatchObject({ status: 400, body: { detail: 'Session closed' } });
    expect(await rest('POST', '/system/identity/print', { follow: '' })).toMatchObject({ status: 400, body: { detail: 'unknown parameter follow' } });
    const strict = await rest('POST', '/log/print', { 'follow-strict': '' });
    if (version === '7.15.3') expect(strict).toMatchObject({ status: 400, body: { detail: 'Session closed' } });
    else expect(strict).toMatchObject({ status: 400, body: { detail: 'unknown parameter follow-strict' } });
    const tooFast = await rest('POST', '/ip/address/print', { interval: '10ms' });
    expect(tooFast.status).toBe(400);
    expect((tooFast.body as { detail: string }).detail).toMatch(/interval/);
  });

  it('still answers a plain print with its rows (a timed-out one would be 400), and the console is unchanged', async () => {
    const reply = await rest('POST', '/ip/address/print', { '.proplist': 'address' });
    expect(reply.status).toBe(200);
    expect((reply.body as { address: string }[]).map((r) => r.address)).toContain('192.168.88.1/24');
    const console = await sshOnce(fleet.devices[0].sshPort, '/ip address print count-only', { password: 'admin' });
    expect(console.output).toMatch(/^\d+\r\n$/);
  });
});
