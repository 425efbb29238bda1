import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { ChangeQuery, ChangeRepository, DeviceConfigChanged, DomainEvent, EventBus, Logger } from '@routeros-mcp/application-ports';
import type { ChangeRecord } from '@routeros-mcp/domain-changes';
import { SnapshotChangeObserver } from './snapshot-change-observer';
import type { SnapshotService } from './snapshot.service';

const warnings: string[] = [];
const logger: Logger = { debug: () => undefined, info: () => undefined, warn: (message: string) => void warnings.push(message), error: () => undefined, child: () => logger };
const record = { id: 'chg-1', deviceId: 'r1' } as ChangeRecord;
const summary = (id: string) => ({ snapshot: { id }, created: true, exported: true });

function observer(snapshots: Partial<Record<'capture' | 'captureIfOlderThan', (...args: any[]) => Promise<unknown>>>, captureTimeoutMs = 5_000, history?: ChangeRecord[]) {
  const published: DeviceConfigChanged[] = [];
  const events = { publish: async (e: DomainEvent) => void published.push(e as DeviceConfigChanged), subscribe: () => () => undefined } as EventBus;
  const changes = history && ({ list: async (q: ChangeQuery) => history.filter((c) => c.deviceId === q.deviceId).slice(0, q.limit) } as unknown as ChangeRepository);
  return { published, observer: new SnapshotChangeObserver(snapshots as unknown as SnapshotService, events, logger, { maxAgeMs: 60_000, captureTimeoutMs }, changes) };
}

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; !check(); i++) {
    if (i > 2000) throw new Error('condition not met');
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
}

beforeEach(() => (warnings.length = 0));

describe('SnapshotChangeObserver before the first write', () => {
  it('notes the snapshot it captured, or the recent one it reused, asking for the configured age', async () => {
    const asked: unknown[] = [];
    const { observer: fresh } = observer({ captureIfOlderThan: async (...args) => (asked.push(args.slice(0, 3)), summary('snap-aaaaaaaaaaaa')) });
    expect(await fresh.beforeWrite(record)).toEqual({ beforeSnapshot: { status: 'captured', snapshotId: 'snap-aaaaaaaaaaaa' } });
    expect(asked).toEqual([['r1', 60_000, 'before_change']]);
    const { observer: recent } = observer({ captureIfOlderThan: async () => ({ snapshot: { id: 'snap-bbbbbbbbbbbb' }, created: false, exported: false }) });
    expect(await recent.beforeWrite(record)).toEqual({ beforeSnapshot: { status: 'recent', snapshotId: 'snap-bbbbbbbbbbbb' } });
  });

  it("reuses no snapshot seen before the device's last change (issue 22 item 3): its after-change capture may be lost", async () => {
    const asked: any[] = [];
    const at = (iso: string) => new Date(iso);
    const history = [
      { ...record },
      { id: 'chg-dns', deviceId: 'r1', updatedAt: at('2026-11-27T10:00:05Z') },
      { id: 'chg-old', deviceId: 'r1', updatedAt: at('2026-11-27T09:00:00Z') },
      { id: 'chg-other', deviceId: 'r2', updatedAt: at('2026-11-27T11:00:00Z') },
    ] as ChangeRecord[];
    const { observer: o } = observer({ captureIfOlderThan: async (...args) => (asked.push(args), summary('snap-dddddddddddd')) }, 5_000, history);
    await o.beforeWrite(record);
    // The newest other change of this device, not this change itself nor another device's.
    expect(asked[0][3]).toMatchObject({ changedAt: at('2026-11-27T10:00:05Z') });
    const { observer: first } = observer({ captureIfOlderThan: async (...args) => (asked.push(args), summary('snap-dddddddddddd')) }, 5_000, [{ ...record }]);
    await first.beforeWrite(record);
    expect(asked[1][3].changedAt).toBeUndefined();
  });

  it("waits for the previous change's capture still running on the device rather than export a second time", async () => {
    const finishes: (() => void)[] = [];
    const order: string[] = [];
    const { observer: o } = observer({
      capture: () => new Promise((resolve) => finishes.push(() => (order.push('after-capture of chg-0 ends'), resolve(summary('snap-after'))))),
      captureIfOlderThan: async () => (order.push('before-capture of chg-1 asked'), { snapshot: { id: 'snap-after' }, created: false, exported: false }),
    });
    await o.afterChange({ ...record, id: 'chg-0' } as ChangeRecord);
    const before = o.beforeWrite(record);
    await until(() => finishes.length === 1);
    // Given time to ask on its own, it has not: it waits for the capture running.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(order).toEqual([]);
    finishes[0]();
    expect(await before).toEqual({ beforeSnapshot: { status: 'recent', snapshotId: 'snap-after' } });
    expect(order).toEqual(['after-capture of chg-0 ends', 'before-capture of chg-1 asked']);
    // Another device's capture is not waited for.
    const other = await o.beforeWrite({ ...record, deviceId: 'r9' } as ChangeRecord);
    expect(other.beforeSnapshot.status).toBe('recent');
  });

  it('exports anyway when the running capture does not end within half the bound', async () => {
    let asked = 0;
    const { observer: o } = observer({ capture: () => new Promise(() => undefined), captureIfOlderThan: async () => (asked++, summary('snap-own')) }, 200);
    await o.afterChange({ ...record, id: 'chg-0' } as ChangeRecord);
    expect(await o.beforeWrite(record)).toEqual({ beforeSnapshot: { status: 'captured', snapshotId: 'snap-own' } });
    expect(asked).toBe(1);
  });

  it('notes a failed export as skipped with its reason, and logs it', async () => {
    const { observer: o } = observer({ captureIfOlderThan: async () => Promise.reject(new Error('SSH refused')) });
    expect(await o.beforeWrite(record)).toEqual({ beforeSnapshot: { status: 'skipped', reason: 'the export before the change failed: SSH refused' } });
    expect(warnings).toEqual(['config snapshot before a change skipped']);
  });

  it('gives up an export that does not end within the bound, even one that ignores its signal', async () => {
    const { observer: o } = observer({ captureIfOlderThan: () => new Promise(() => undefined) }, 50);
    expect(await o.beforeWrite(record)).toEqual({ beforeSnapshot: { status: 'skipped', reason: 'the export before the change failed: no export within 50 ms' } });
  });

  it('gives it up even when garbage collection runs meanwhile (a collected timeout signal never fired)', async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const collecting = setInterval(gc, 5);
    try {
      const { observer: o } = observer({ captureIfOlderThan: () => new Promise(() => undefined) }, 50);
      // Generous: the bound is 50 ms; before the fix this never ended.
      const outcome = await Promise.race([o.beforeWrite(record), new Promise((resolve) => setTimeout(() => resolve('still waiting after 30 s'), 30_000))]);
      expect(outcome).toEqual({ beforeSnapshot: { status: 'skipped', reason: 'the export before the change failed: no export within 50 ms' } });
    } finally {
      clearInterval(collecting);
    }
  });
});

describe('SnapshotChangeObserver after a change', () => {
  it('answers at once, then captures quietly and publishes the change with its snapshot', async () => {
    let finish!: () => void;
    const captured: unknown[] = [];
    const { observer: o, published } = observer({
      capture: (deviceId, reason, options) => new Promise((resolve) => ((finish = () => resolve(summary('snap-cccccccccccc'))), captured.push([deviceId, reason, options.quiet]))),
    });
    await o.afterChange(record);
    expect(published).toEqual([]);
    finish();
    await until(() => published.length === 1);
    expect(captured).toEqual([['r1', 'after_change', true]]);
    expect(published).toEqual([{ type: 'device.config.changed', deviceId: 'r1', source: 'change', changeId: 'chg-1', snapshotId: 'snap-cccccccccccc' }]);
  });

  it('runs one export per device at a time: changes settling meanwhile share the next one', async () => {
    const finishes: (() => void)[] = [];
    const { observer: o, published } = observer({ capture: (deviceId) => new Promise((resolve) => {
        const id = `snap-${deviceId}-${finishes.length + 1}`;
        finishes.push(() => resolve(summary(id)));
      }),
    });
    await o.afterChange(record);
    await o.afterChange({ ...record, id: 'chg-2' } as ChangeRecord);
    await o.afterChange({ ...record, id: 'chg-3' } as ChangeRecord);
    await o.afterChange({ ...record, id: 'chg-4', deviceId: 'r2' } as ChangeRecord);
    expect(finishes).toHaveLength(2);
    finishes[0]();
    await until(() => finishes.length === 3);
    finishes[1]();
    finishes[2]();
    await until(() => published.length === 4);
    expect(finishes).toHaveLength(3);
    expect(published.map((e) => `${e.changeId}:${e.snapshotId}`).sort()).toEqual(['chg-1:snap-r1-1', 'chg-2:snap-r1-3', 'chg-3:snap-r1-3', 'chg-4:snap-r2-2']);
  });

  it('publishes the change even when the export fails', async () => {
    const { observer: o, published } = observer({ capture: async () => Promise.reject(new Error('timeout')) });
    await o.afterChange(record);
    await until(() => published.length === 1);
    expect(published[0]).toEqual({ type: 'device.config.changed', deviceId: 'r1', source: 'change', changeId: 'chg-1' });
    expect(warnings).toEqual(['config snapshot after a change failed']);
  });

  it('lets a capture running at stop finish first, so a change made just before shutdown keeps its snapshot (issue 22 item 3)', async () => {
    let finish!: () => void;
    const signals: AbortSignal[] = [];
    const { observer: o, published } = observer({ capture: (_d, _r, options) => (signals.push(options.signal), new Promise((resolve) => (finish = () => resolve(summary('snap-eeeeeeeeeeee'))))) });
    await o.afterChange(record);
    let stopped = false;
    const stopping = o.stop(20).then(() => (stopped = true));
    await new Promise((next) => setTimeout(next, 50));
    expect(signals[0].aborted).toBe(false);
    expect(stopped).toBe(false);
    finish();
    await stopping;
    expect(published).toEqual([expect.objectContaining({ changeId: 'chg-1', snapshotId: 'snap-eeeeeeeeeeee' })]);
  });

  it('aborts captures still running once the capture bound ran out at stop, within its grace, and starts none after', async () => {
    const signals: AbortSignal[] = [];
    const { observer: o } = observer({ capture: (_d, _r, options) => (signals.push(options.signal), new Promise(() => undefined)) }, 30);
    await o.afterChange(record);
    await o.stop(20);
    expect(signals[0].aborted).toBe(true);
    await o.afterChange(record);
    expect(signals).toHaveLength(1);
  });
});
