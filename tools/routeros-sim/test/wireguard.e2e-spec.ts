import { Fleet, startFleet } from '../src';
import { call } from './rest-client';
import { sshOnce } from './ssh-client';

/** RFC 7748 §6.1: Alice's X25519 private key and the public key it gives. */
const ALICE = {
  private: Buffer.from('77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a', 'hex').toString('base64'),
  public: Buffer.from('8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a', 'hex').toString('base64'),
};
const PEER_KEY = Buffer.alloc(32, 7).toString('base64');

describe.each(['7.15.3', '7.20.5'])('RouterOS %s WireGuard', (version) => {
  let fleet: Fleet;
  beforeAll(async () => (fleet = await startFleet({ devices: 1, version, profile: 'edge' })));
  afterAll(() => fleet.stop());
  afterEach(() => fetch(`${fleet.control.url}/reset`, { method: 'POST' }));

  const rest = (method: string, path: string, body?: unknown) => call(fleet.devices[0].restUrl, method, path, { body });
  const ssh = (command: string) => sshOnce(fleet.devices[0].sshPort, command, { password: 'admin' });
  const rows = async (path: string) => (await rest('GET', path)).body as Record<string, string>[];

  it('adds an interface with the manual defaults, a fresh key pair and a name, and lists it in /interface', async () => {
    const added = await rest('PUT', '/interface/wireguard', {});
    expect(added.status).toBe(201);
    const row = added.body as Record<string, string>;
    expect(row).toMatchObject({ name: 'wireguard1', 'listen-port': '13231', mtu: '1420', disabled: 'false', running: 'true' });
    expect(row['private-key']).toMatch(/^[A-Za-z0-9+/]{43}=$/);
    expect(row['public-key']).toMatch(/^[A-Za-z0-9+/]{43}=$/);
    expect(row['public-key']).not.toBe(row['private-key']);
    expect((await rest('PUT', '/interface/wireguard', {})).body).toMatchObject({ name: 'wireguard2' });
    expect((await rows('/interface')).filter((i) => i['type'] === 'wg').map((i) => i['name'])).toEqual(['wireguard1', 'wireguard2']);
  });

  it('computes the public key from a given private key (RFC 7748 vector) and keeps the private key out of exports', async () => {
    const added = await rest('PUT', '/interface/wireguard', { name: 'wg-site', 'private-key': ALICE.private, 'listen-port': '51820' });
    expect(added.body).toMatchObject({ 'public-key': ALICE.public, 'listen-port': '51820' });
    const exported = (await ssh('/export')).output;
    expect(exported).toMatch(/\/interface wireguard\r\nadd listen-port=51820 mtu=1420 name=wg-site\r\n/);
    expect(exported).not.toContain(ALICE.private);
    // Long export lines wrap (`\` then a 4-space indent); joined, the line is whole again.
    expect((await ssh('/export show-sensitive')).output.replace(/\\\r\n {4}/g, '')).toContain(`private-key="${ALICE.private}"`);
  });

  it('refuses malformed keys and ports with RouterOS texts, adding nothing', async () => {
    for (const [body, text] of [
      [{ 'private-key': 'not-a-key' }, 'invalid value for argument private-key'],
      [{ 'private-key': Buffer.alloc(31).toString('base64') }, 'invalid value for argument private-key'],
      [{ 'listen-port': '70000' }, 'value of listen-port out of range (0..65535)'],
      [{ mtu: 'big' }, 'invalid value for argument mtu'],
    ] as const) {
      const refused = await rest('PUT', '/interface/wireguard', body);
      expect({ status: refused.status, detail: (refused.body as { detail: string }).detail }).toEqual({ status: 400, detail: text });
    }
    expect(await rows('/interface/wireguard')).toEqual([]);
  });

  it('adds peers to an existing interface only, and follows the interface when it is renamed', async () => {
    await rest('PUT', '/interface/wireguard', { name: 'wg0' });
    const peer = await rest('PUT', '/interface/wireguard/peers', { interface: 'wg0', 'public-key': PEER_KEY, 'allowed-address': '10.9.0.2/32' });
    expect(peer.status).toBe(201);
    expect(peer.body).toMatchObject({ interface: 'wg0', 'public-key': PEER_KEY, 'allowed-address': '10.9.0.2/32', rx: '0', tx: '0', disabled: 'false' });
    const missing = await rest('PUT', '/interface/wireguard/peers', { interface: 'nope', 'public-key': PEER_KEY });
    expect(missing).toMatchObject({ status: 400, body: { detail: 'input does not match any value of interface' } });
    const noKey = await rest('PUT', '/interface/wireguard/peers', { interface: 'wg0' });
    expect(noKey.status).toBe(400);
    expect((noKey.body as { detail: string }).detail).toContain('public-key');
    const id = (await rows('/interface/wireguard'))[0]['.id'];
    expect((await rest('PATCH', `/interface/wireguard/${id}`, { name: 'wg-home' })).status).toBe(200);
    expect((await rows('/interface/wireguard/peers')).map((p) => p['interface'])).toEqual(['wg-home']);
  });
});
