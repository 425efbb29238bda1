import { Fleet, startFleet, tempDir } from '@routeros-mcp/testing';
import { join } from 'node:path';
import type { EraClient } from './era-client';
import { connectStdio, enrollSimulated } from './fleet-setup';

// An access point on the legacy wireless package that is also the legacy CAPsMAN of one cAP, on 7.15.3, and a
// CHR that has no radio at all: the wireless tools must find every stack a device has and nothing else.
const dir = tempDir('stdio-wireless-');
const dataDir = join(dir.path, 'data');
let fleet: Fleet;
let client: EraClient;

const call = (name: string, args: Record<string, unknown>) => client.callTool(name, args);

beforeAll(async () => {
  fleet = await startFleet({ devices: 4, profile: 'mixed', version: '7.15.3', users: [{ name: 'admin', password: 'e2e-Pw-1', group: 'full' }] });
  await enrollSimulated(dataDir, fleet, [
    { id: 'dev-ap', device: fleet.devices[3], environment: 'lab' },
    { id: 'dev-chr', device: fleet.devices[2], environment: 'lab' },
  ]);
  client = await connectStdio(dataDir);
});
afterAll(async () => {
  await client?.close();
  await fleet?.stop();
  dir.remove();
});

describe('wireless tools on a legacy CAPsMAN manager', () => {
  it('lists local radios, CAPsMAN interfaces and the managed CAP, each with its source', async () => {
    const { structuredContent: s, content } = await call('wireless_list_interfaces', { device_id: 'dev-ap' });
    expect(s.sources).toEqual(['wifi', 'wireless', 'caps-man']);
    expect(s.items.map((i: any) => [i.source, i.name])).toEqual([['wireless', 'wlan1'], ['wireless', 'wlan2'], ['caps-man', 'cap-garden-1']]);
    expect(s.remote_caps).toEqual([expect.objectContaining({ source: 'caps-man', identity: 'cap-garden', board: 'cAP ac', state: 'Run' })]);
    expect(content[0].text).toContain('caps-man\t*');
    expect(content[0].text).toMatch(/managed CAPs: 1\n.*\ncaps-man\tcap-garden\tB8:69:F4:C0:01:02\/6\tcAP ac\t7\.15\.3\tRun/);
  });

  it('lists clients of its own radios and of the CAP, with the signal whichever name the menu gives it', async () => {
    const { structuredContent: s, content } = await call('wireless_list_clients', { device_id: 'dev-ap' });
    expect(s.items.map((c: any) => [c.source, c.interface, c['mac-address']])).toEqual([
      ['wireless', 'wlan2', 'F0:18:98:AA:BB:01'],
      ['wireless', 'wlan1', 'F0:18:98:AA:BB:02'],
      ['caps-man', 'cap-garden-1', 'F0:18:98:AA:BB:03'],
    ]);
    expect(content[0].text).toContain('caps-man\tcap-garden-1\tF0:18:98:AA:BB:03\t-\t-67\t');
  });

  it('says plainly when a device has no radio and manages none', async () => {
    const { structuredContent: s, content } = await call('wireless_list_interfaces', { device_id: 'dev-chr' });
    expect(s).toMatchObject({ sources: ['wifi'], items: [], remote_caps: [] });
    expect(content[0].text).toBe('this device has no wireless interfaces');
  });
});
