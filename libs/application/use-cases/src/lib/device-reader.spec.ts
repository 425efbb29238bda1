import type { ConfigShell, RouterOsApi } from '@routeros-mcp/application-ports';
import { Device } from '@routeros-mcp/domain-devices';
import { DeviceReader } from './device-reader.service';
import type { DeviceRegistry } from './device-registry.service';

const device = Device.create({ id: 'dev-1', name: 'one', host: '192.0.2.1', environment: 'lab' }, new Date(0));

describe('DeviceReader.forOneCall', () => {
  it('loads each device once per call, and again for the next call', async () => {
    const get = jest.fn().mockResolvedValue(device);
    const reader = new DeviceReader({ get } as unknown as DeviceRegistry, {} as RouterOsApi, {} as ConfigShell);
    const call = reader.forOneCall();
    await call.device('dev-1');
    await call.device('dev-1');
    expect(get).toHaveBeenCalledTimes(1);
    await reader.forOneCall().device('dev-1');
    expect(get).toHaveBeenCalledTimes(2);
    await reader.device('dev-1');
    await reader.device('dev-1');
    expect(get).toHaveBeenCalledTimes(4); // the shared reader never caches
  });

  it('still refuses a decommissioned device', async () => {
    const retired = device.update({ status: 'decommissioned' }, new Date(1));
    const reader = new DeviceReader({ get: jest.fn().mockResolvedValue(retired) } as unknown as DeviceRegistry, {} as RouterOsApi, {} as ConfigShell);
    await expect(reader.forOneCall().device('dev-1')).rejects.toMatchObject({ code: 'DEVICE.DECOMMISSIONED' });
  });
});
