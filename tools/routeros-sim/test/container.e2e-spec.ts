import { oneDevice } from './one-device';
import { CONTAINER_TREE } from '../src/lib/model/container';

type Rows = Record<string, string>[];
const detail = (reply: { body: unknown }) => (reply.body as { detail?: string }).detail;

// The container package over real HTTPS and SSH (model/container.ts): absent, its menus do not exist; installed,
// /container/config, envs and mounts are configured, and a container added from a registry or a file extracts, then
// starts and stops.
describe.each(['7.15.3', '7.20.5'])('RouterOS %s container package', (version) => {
  describe('without the package', () => {
    const sim = oneDevice(version, 'chr');

    it('has no /container menus, on REST and the console, and no container package', async () => {
      const reply = await sim.rest('GET', '/container');
      expect({ status: reply.status, detail: detail(reply) }).toEqual({ status: 400, detail: 'no such command or directory (container)' });
      expect(detail(await sim.rest('PUT', '/container/envs', { name: 'e', key: 'K', value: 'v' }))).toBe('no such command or directory (container)');
      expect((await sim.ssh('/container print')).output).toContain('bad command name container');
      expect(((await sim.rest('GET', '/system/package')).body as Rows).map((p) => p['name'])).toEqual(['routeros']);
    });
  });

  describe('with the package', () => {
    const sim = oneDevice(version, 'chr', { packages: ['container'] });
    const rows = async (path: string) => (await sim.rest('GET', path)).body as Rows;
    const advance = (seconds: number) => fetch(`${sim.fleet.control.url}/devices/0/clock`, { method: 'POST', body: JSON.stringify({ advance_seconds: seconds }) });
    const veth = () => sim.rest('PUT', '/interface/veth', { name: 'veth1', address: '172.17.0.2/24', gateway: '172.17.0.1' });

    it('lists the package and configures /container/config (registry, tmpdir, ram-high); the password never exports', async () => {
      expect((await rows('/system/package')).map((p) => p['name'])).toEqual(['routeros', 'container']);
      expect((await sim.rest('GET', '/container/config')).body).toEqual({ 'registry-url': '', username: '', tmpdir: '', 'ram-high': '0' });
      expect((await sim.rest('POST', '/container/config/set', { 'registry-url': 'https://registry-1.docker.io', tmpdir: 'disk1/tmp', 'ram-high': '200M', password: 'reg-secret' })).status).toBe(200);
      expect(detail(await sim.rest('POST', '/container/config/set', { 'registry-url': 'docker hub' }))).toBe('invalid value for argument registry-url');
      expect(detail(await sim.rest('POST', '/container/config/set', { 'ram-high': 'lots' }))).toBe('invalid value for argument ram-high');
      expect(detail(await sim.rest('POST', '/container/config/set', { bogus: '1' }))).toBe('unknown parameter bogus');
      expect((await sim.ssh('/container config print')).output).toMatch(/registry-url: https:\/\/registry-1\.docker\.io/);
      const exported = (await sim.ssh('/export')).output;
      expect(exported).toMatch(/\/container config\r?\nset ram-high=200M registry-url=https:\/\/registry-1\.docker\.io tmpdir=disk1\/tmp/);
      expect(exported).not.toContain('reg-secret');
    });

    it('envs and mounts are named lists a container names; an unknown one, a port that is no veth or no image is refused', async () => {
      await veth();
      expect((await sim.rest('PUT', '/container/envs', { name: 'pihole', key: 'TZ', value: 'Europe/Riga' })).status).toBe(201);
      expect((await sim.ssh('/container envs add name=pihole key=WEBPASSWORD value=pw')).output).toBe('');
      expect(detail(await sim.rest('PUT', '/container/envs', { name: 'pihole', key: 'TZ', value: 'UTC' }))).toBe('failure: already have such entry');
      expect((await sim.rest('PUT', '/container/mounts', { name: 'etc', src: 'disk1/etc', dst: '/etc/pihole' })).status).toBe(201);
      expect(detail(await sim.rest('PUT', '/container/mounts', { name: 'etc', src: 'a', dst: '/b' }))).toBe('failure: already have such name');
      const image = { 'remote-image': 'pihole/pihole:latest', interface: 'veth1' };
      expect(detail(await sim.rest('PUT', '/container', { ...image, envlist: 'nope' }))).toBe('input does not match any value of envlist');
      expect(detail(await sim.rest('PUT', '/container', { ...image, mounts: 'etc,nope' }))).toBe('input does not match any value of mounts');
      expect(detail(await sim.rest('PUT', '/container', { ...image, interface: 'ether1' }))).toBe('input does not match any value of interface');
      expect(detail(await sim.rest('PUT', '/container', { interface: 'veth1' }))).toBe('failure: specify either remote-image or file');
      expect(detail(await sim.rest('PUT', '/container', { interface: 'veth1', file: 'alpine.tar' }))).toBe('failure: no such file');
      expect(detail(await sim.rest('PUT', '/container', { 'remote-image': 'alpine' }))).toBe('missing value for interface');
      expect(await rows('/container')).toEqual([]);
      const added = await sim.rest('PUT', '/container', { ...image, envlist: 'pihole', mounts: 'etc', 'root-dir': 'disk1/pihole', logging: 'yes' });
      expect(added.status).toBe(201);
      expect(added.body).toMatchObject({ envlist: 'pihole', mounts: 'etc', logging: 'true', 'start-on-boot': 'false', status: 'extracting', repo: 'registry-1.docker.io/pihole/pihole:latest', tag: 'latest', os: 'linux' });
      // A tarball in /file works as well.
      await sim.rest('PUT', '/file', { name: 'alpine.tar', contents: 'tar' });
      expect((await sim.rest('PUT', '/container', { file: 'alpine.tar', interface: 'veth1' })).body).toMatchObject({ file: 'alpine.tar', status: 'extracting' });
    });

    it('REST: a container extracts, then stops; start and stop move it to running and stopped', async () => {
      await veth();
      const id = ((await sim.rest('PUT', '/container', { 'remote-image': 'alpine', interface: 'veth1' })).body as Record<string, string>)['.id'];
      expect(detail(await sim.rest('POST', '/container/start', { numbers: id }))).toBe('failure: container is not ready, wait until its image is extracted');
      expect((await advance(10)).status).toBe(200);
      expect((await rows('/container'))[0]).toMatchObject({ status: 'stopped', repo: 'registry-1.docker.io/alpine:latest' });
      expect(await sim.rest('POST', '/container/start', { numbers: id })).toMatchObject({ status: 200, body: [] });
      expect((await rows('/container'))[0]['status']).toBe('running');
      expect(detail(await sim.rest('DELETE', `/container/${id}`))).toBe('failure: container is running, stop it first');
      expect((await sim.rest('POST', '/container/stop', { '.id': id })).status).toBe(200);
      expect((await rows('/container'))[0]['status']).toBe('stopped');
      expect(detail(await sim.rest('POST', '/container/start', { numbers: '*99' }))).toBe('no such item');
      expect((await sim.rest('DELETE', `/container/${id}`)).status).toBe(204);
    });

    it('every command of the package menus runs or is refused with a RouterOS error; an argument a command lacks is refused', async () => {
      for (const [menu, node] of Object.entries(CONTAINER_TREE)) {
        for (const command of node.commands) {
          const reply = await sim.rest('POST', `/${menu}/${command}`, {});
          if (reply.status !== 200) expect({ menu, command, status: reply.status, detail: typeof detail(reply) }).toEqual({ menu, command, status: 400, detail: 'string' });
        }
        expect((await sim.ssh(`/${menu.replace(/\//g, ' ')} print`)).output).not.toMatch(/bad command|syntax error/);
      }
      expect(detail(await sim.rest('POST', '/container/start', { numbers: '*1', bogus: 'x' }))).toBe('unknown parameter bogus');
      expect(detail(await sim.rest('POST', '/container/shell', { number: '*1' }))).toBe('failure: /container/shell is not supported by the simulator');
    });

    it('SSH: the same lifecycle on the console', async () => {
      await veth();
      expect((await sim.ssh('/container add remote-image=alpine interface=veth1 hostname=box')).output).toBe('');
      expect((await sim.ssh('/container print detail')).output).toMatch(/status="?extracting/);
      expect((await sim.ssh('/container start [find hostname=box]')).output).toContain('failure: container is not ready');
      await advance(10);
      expect((await sim.ssh('/container start [find hostname=box]')).output).toBe('');
      expect((await sim.ssh('/container print detail')).output).toMatch(/status="?running/);
      expect((await sim.ssh('/container remove [find hostname=box]')).output).toContain('failure: container is running, stop it first');
      expect((await sim.ssh('/container stop [find hostname=box]; /container remove [find hostname=box]')).output).toBe('');
      expect(await rows('/container')).toEqual([]);
    });
  });
});
