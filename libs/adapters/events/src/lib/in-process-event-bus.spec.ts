import type { DeviceConfigChanged, Logger } from '@routeros-mcp/application-ports';
import { InProcessEventBus } from './in-process-event-bus';

const warnings: unknown[] = [];
const logger: Logger = { debug: () => undefined, info: () => undefined, warn: (m, meta) => void warnings.push({ m, meta }), error: () => undefined, child: () => logger };
const event: DeviceConfigChanged = { type: 'device.config.changed', deviceId: 'r1', source: 'snapshot', snapshotId: 'snap-000000000001' };

describe('InProcessEventBus', () => {
  it('delivers to every subscriber of the type, after publish has returned, and stops after unsubscribe', async () => {
    const bus = new InProcessEventBus(logger);
    const seen: string[] = [];
    let delivered!: () => void;
    const done = new Promise<void>((resolve) => (delivered = resolve));
    const off = bus.subscribe('device.config.changed', (e) => void seen.push(`a:${e.deviceId}`));
    bus.subscribe('device.config.changed', (e) => {
      seen.push(`b:${e.snapshotId}`);
      delivered();
    });
    await bus.publish(event);
    expect(seen).toEqual([]);
    await done;
    expect(seen.sort()).toEqual(['a:r1', 'b:snap-000000000001']);
    off();
    seen.length = 0;
    await bus.publish(event);
    await new Promise((resolve) => setImmediate(resolve));
    expect(seen).toEqual(['b:snap-000000000001']);
  });

  it('logs a failing subscriber and still delivers to the others', async () => {
    const bus = new InProcessEventBus(logger);
    let delivered!: () => void;
    const done = new Promise<void>((resolve) => (delivered = resolve));
    bus.subscribe('device.config.changed', () => {
      throw new Error('boom');
    });
    bus.subscribe('device.config.changed', () => delivered());
    await expect(bus.publish(event)).resolves.toBeUndefined();
    await done;
    await new Promise((resolve) => setImmediate(resolve));
    expect(warnings).toEqual([{ m: 'event handler failed', meta: { event: 'device.config.changed', device_id: 'r1', error: 'boom' } }]);
  });
});
