import { AdminServices, buildContainer, readServiceConfig } from '@routeros-mcp/composition';
import { enrollmentOf, Fleet, startFleet, tempDir } from '@routeros-mcp/testing';
import { PassThrough } from 'node:stream';
import { runAdmin } from './cli-runner';

const SIM_USER = { name: 'admin', password: 'sim-pw' };
const NEW_WIFI = 'cli-shown-wifi-2026';
const OLD_WIFI = 'factory-wifi-key';

/** `plan show` and `plan list` of a wireless plan: the passphrase never printed, not even sealed. */
describe('plan commands and a plan holding a passphrase (SQLite)', () => {
  let fleet: Fleet;
  let dir: ReturnType<typeof tempDir>;
  let env: Record<string, string>;
  let planId: string;
  const admin = (args: string[]) => runAdmin(args, { env });

  beforeAll(async () => {
    fleet = await startFleet({ devices: 1, profile: 'home', version: '7.20.5', users: [{ ...SIM_USER, group: 'full' }] });
    dir = tempDir();
    env = { ROUTEROS_MCP_DATA_DIR: dir.path };
    const services = (await buildContainer(readServiceConfig({ env: { ...env, ROUTEROS_MCP_LOG_LEVEL: 'error' } }), { logStream: new PassThrough() })).get(AdminServices);
    try {
      await services.devices.enroll({ id: 'spec', via: 'admin-cli' }, ...enrollmentOf(fleet.devices[0], 'r0', SIM_USER, { capabilities: { allow_professional_workflows: true, allow_wireless_writes: true } }));
      const change = { security_profiles: [{ name: 'mcp-office', 'authentication-types': ['wpa2-psk'], passphrase: NEW_WIFI }], interfaces: [{ name: 'wifi1', security_profile: 'mcp-office' }] };
      planId = (await services.plans.create('wireless', { devices: ['r0'], change }, { id: 'model', via: 'stdio' })).id;
    } finally {
      await services.close();
    }
  }, 120_000);
  afterAll(async () => {
    await fleet?.stop();
    dir?.remove();
  });

  it('shows the plan with the passphrase redacted in the diff and in the step change', async () => {
    const plain = await admin(['plan', 'show', planId]);
    const json = await admin(['plan', 'show', planId, '--json']);
    const list = await admin(['plan', 'list', '--json']);
    // The review screen folds long lines (a continuation starts `  ↪ `, after a space or, in a long word, anywhere):
    // searched joined both ways, so no secret can hide across a fold.
    const unfolded = plain.stdout.replace(/\n {2}↪ /g, ' ');
    const joined = plain.stdout.replace(/\n {2}↪ /g, '');
    for (const out of [{ ...plain, stdout: unfolded }, { ...plain, stdout: joined }, json, list]) {
      expect(out).toMatchObject({ code: 0, stderr: '' });
      for (const secret of [NEW_WIFI, OLD_WIFI]) expect(out.stdout).not.toContain(secret);
      expect(out.stdout).not.toContain('sealed');
    }
    expect(unfolded).toMatch(/\/interface wifi security add .*passphrase="\[redacted\]"/);
    expect(JSON.parse(json.stdout).steps[0].change).toMatchObject({ security_profiles: [{ name: 'mcp-office', passphrase: '[redacted]' }] });
  }, 60_000);
});
