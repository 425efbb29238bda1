import { oneDevice } from './one-device';

// Issue 23: commands of hardware the simulated router has none of (LTE, disks, UPS, Wi-Fi radios, port controllers)
// answer as on a router without it: their items are checked; a PPPoE scan finds no access concentrator.
describe.each(['7.15.3', '7.20.5'])('RouterOS %s hardware commands', (version) => {
  const sim = oneDevice(version);
  const detail = async (path: string, body: unknown) => ((await sim.rest('POST', path, body)).body as { detail?: string }).detail;

  it('REST: the item is checked, and none exists on a simulated router', async () => {
    expect(await detail('/interface/lte/at-chat', { input: 'AT' })).toBe('missing value for number');
    expect(await detail('/interface/lte/scan', { number: 'lte1' })).toBe('no such item');
    expect(await detail('/interface/lte/esim/esim-id', { interface: 'lte1' })).toBe('input does not match any value of interface');
    expect(await detail(version === '7.15.3' ? '/disk/format-drive' : '/disk/format', { numbers: '*99' })).toBe('no such item');
    expect(await detail('/system/ups/monitor', { once: '' })).toBe('missing value for numbers');
    expect(await detail('/interface/wifi/radio/reg-info', { number: '*1', colour: 'x' })).toBe('unknown parameter colour');
    // 7.20's trees have no port controller.
    if (version === '7.15.3') expect(await detail('/interface/bridge/port-controller/port/monitor', { numbers: '*1', once: '' })).toBe('no such item');
  });

  it('REST and console: a PPPoE scan lists no access concentrator; the interface must exist', async () => {
    expect(await sim.rest('POST', '/interface/pppoe-client/scan', { interface: 'ether1', duration: '1s' })).toMatchObject({ status: 200, body: [] });
    expect(await detail('/interface/pppoe-client/scan', { interface: 'ether99', duration: '1s' })).toBe('input does not match any value of interface');
    expect(await detail('/interface/pppoe-client/scan', { duration: '1s' })).toBe('missing value for interface');
    expect(await sim.ssh('/interface pppoe-client scan interface=ether1 duration=1s')).toMatchObject({ code: 0 });
  });
});
