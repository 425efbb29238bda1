import { Fleet, simControl, startFleet, tempDir } from '@routeros-mcp/testing';
import { join } from 'node:path';
import { EraClient, ERAS } from './era-client';
import { connectStdio, enrollWriters, TRANSPORT } from './fleet-setup';

/*
 * Issue 21 items 4 and 11 end to end with real MCP clients (over stdio here, over HTTP through the HTTP app's
 * fleet-setup): an argument a tool does not take is refused before anything happens, naming the closest valid one,
 * and a filter on a secret property is refused. The simulator judges that the device kept its configuration.
 */
const dir = tempDir('strict-arguments-');
const dataDir = join(dir.path, 'data');
const USERS = [{ name: 'admin', password: 'e2e-Pw-1', group: 'full' as const }];
const FLAGS = { allow_advanced_writes: true, allow_professional_workflows: true, allow_wireless_writes: true };
const PLANTED = 'planted-psk-4f1d9a';
let fleet: Fleet;

beforeAll(async () => {
  fleet = await startFleet({ devices: 1, profile: 'home', version: '7.20.5', users: USERS });
  await enrollWriters(dataDir, USERS[0], [{ id: 'lab-02', device: fleet.devices[0], environment: 'lab', capabilities: FLAGS }]);
}, 120_000);
afterAll(async () => {
  await fleet?.stop();
  dir.remove();
});

const config = async () => (await simControl(fleet, 'GET', '/devices/0/state')).config as Record<string, Record<string, string>[]>;

describe.each(ERAS)(`unknown arguments and secret filters over ${TRANSPORT}, %s`, (_label, era) => {
  let client: EraClient;
  /** Both revisions: an isError result with the taxonomy (no JSON-RPC code), which the model reads and corrects. */
  const invalid = undefined;

  beforeAll(async () => {
    client = await connectStdio(dataDir, {}, era);
  });
  afterAll(() => client?.close());

  it("a misspelled dry_run is refused naming dry_run, and the device's DNS servers stay as they were", async () => {
    const before = await config();
    const failed = await client.failure('dns_set_servers', { device_id: 'lab-02', servers: ['1.1.1.1', '9.9.9.9'], dryrun: true });
    expect(failed).toMatchObject({ code: invalid, data: { mcp_error_code: 'INVALID_PARAMS', field: 'dryrun', unknown_arguments: ['dryrun'], valid_arguments: expect.arrayContaining(['dry_run', 'servers', 'device_id']) } });
    expect(failed.message).toContain("unknown argument 'dryrun'; did you mean 'dry_run'?");
    expect(failed.data.suggestion).toBe("Call again with 'dry_run' instead of 'dryrun'.");
    expect(await config()).toEqual(before);
    // The same call spelled right is a dry run: it shows the change and still writes nothing.
    const dry = await client.callTool('dns_set_servers', { device_id: 'lab-02', servers: ['1.1.1.1', '9.9.9.9'], dry_run: true });
    expect(dry.structuredContent).toMatchObject({ changed: true, dry_run: true, change_id: null });
    expect(await config()).toEqual(before);
  });

  it('a misspelled filter is refused instead of listing every device, and a secret under an unknown name changes nothing', async () => {
    const typo = await client.failure('device_list', { enviroment: 'prod' });
    expect(typo).toMatchObject({ code: invalid, data: { mcp_error_code: 'INVALID_PARAMS', field: 'enviroment' } });
    expect(typo.message).toContain("did you mean 'environment'?");
    const before = await config();
    const psk = await client.failure('system_set_identity', { device_id: 'lab-02', name: 'renamed', psk: PLANTED });
    expect(psk).toMatchObject({ code: invalid, data: { mcp_error_code: 'INVALID_PARAMS', field: 'psk' } });
    expect(JSON.stringify(psk)).not.toContain(PLANTED);
    expect(await config()).toEqual(before);
  });

  it('a nested unknown key of a plan tool is refused with its path, and no plan is made', async () => {
    const failed = await client.failure('plan_dns_ntp', { devices: ['lab-02'], dns_servers: ['1.1.1.1'], rollout: { batchsize: 2 } });
    expect(failed).toMatchObject({ code: invalid, data: { mcp_error_code: 'INVALID_PARAMS', field: 'rollout.batchsize' } });
    expect(failed.message).toContain("unknown key 'batchsize' in rollout; did you mean 'batch_size'?");
    expect((await client.callTool('plan_list', {})).structuredContent.items).toEqual([]);
  });

  it('every listed input schema is closed, nested objects included', async () => {
    const { tools } = await client.listTools();
    expect(tools.length).toBeGreaterThan(60);
    for (const tool of tools) expect([tool.name, tool.inputSchema.additionalProperties]).toEqual([tool.name, false]);
    const plan = tools.find((t) => t.name === 'plan_dns_ntp');
    expect(plan.inputSchema.properties.rollout.additionalProperties).toBe(false);
    expect(plan.inputSchema.properties.exclude.items.additionalProperties).toBe(false);
  });

  it('a filter on a secret property is refused naming it; asking for the property by fields still shows it redacted', async () => {
    const guess = await client.failure('interface_list', { device_id: 'lab-02', where: { 'security.passphrase': 'factory-wifi-key' } });
    expect(guess).toMatchObject({ code: invalid, data: { mcp_error_code: 'INVALID_PARAMS', field: 'where.security.passphrase' } });
    expect(guess.message).toContain("'security.passphrase' is a secret property");
    const plain = await client.failure('interface_list', { device_id: 'lab-02', where: { 'wpa2-pre-shared-key': 'x' } });
    expect(plain.data.field).toBe('where.wpa2-pre-shared-key');
    const shown = await client.callTool('wireless_list_interfaces', { device_id: 'lab-02' });
    expect(JSON.stringify(shown)).not.toContain('factory-wifi-key');
    const fields = await client.callTool('interface_list', { device_id: 'lab-02', where: { type: 'wifi' }, fields: ['name', 'security.passphrase'] });
    expect(JSON.stringify(fields)).not.toContain('factory-wifi-key');
    expect(fields.structuredContent.items).toEqual(expect.arrayContaining([{ '.id': expect.any(String), name: 'wifi1', 'security.passphrase': '[redacted]' }]));
  });

  it('prompts and completions name the closest argument instead of answering empty', async () => {
    const prompt = await client.failed(client.getPrompt({ name: 'security-audit', arguments: { device_di: 'lab-02' } }));
    expect(prompt).toMatchObject({ code: -32602 });
    expect(prompt.message).toContain("device_di: is not an argument of security-audit; did you mean 'device_id'?");
    const completion = await client.failed(client.complete({ ref: { type: 'ref/resource', uri: 'device://{device_id}/overview' }, argument: { name: 'device', value: 'lab' } }));
    expect(completion).toMatchObject({ code: -32602 });
    expect(completion.message).toContain("unknown argument 'device'; did you mean 'device_id'?");
    const unknownPrompt = await client.failed(client.complete({ ref: { type: 'ref/prompt', name: 'security-audits' }, argument: { name: 'device_id', value: '' } }));
    expect(unknownPrompt.message).toContain("unknown prompt 'security-audits'; did you mean 'security-audit'?");
    // The right names still complete.
    const devices = await client.complete({ ref: { type: 'ref/resource', uri: 'device://{device_id}/overview' }, argument: { name: 'device_id', value: 'lab' } });
    expect(devices.completion.values).toEqual(['lab-02']);
  });
});
