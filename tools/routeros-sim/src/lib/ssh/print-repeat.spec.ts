import { DeviceState } from '../model/device-state';
import { seedConfig } from '../model/profiles';
import { renderPrint } from './print';
import { printRepeat, repeatPrint } from './print-repeat';

const users = [{ name: 'admin', password: 'x', group: 'full' as const }];
const home = () => new DeviceState('7.20.5', 42, () => seedConfig({ profile: 'home', version: '7.20.5', identity: 'r1', index: 0, users }));
const detail = (fn: () => unknown) => {
  try {
    fn();
    return undefined;
  } catch (error) {
    return (error as { detail?: string }).detail;
  }
};

describe('prints that repeat', () => {
  it('reads follow, follow-only and interval= (checked against the tree: 200 ms at least)', () => {
    const s = home();
    expect(printRepeat(s, 'log', ['follow'], {})).toEqual({ kind: 'follow', only: false });
    expect(printRepeat(s, 'log', ['follow-only'], {})).toEqual({ kind: 'follow', only: true });
    expect(printRepeat(s, 'system/identity', [], { interval: '2s' })).toEqual({ kind: 'interval', ms: 2000 });
    expect(printRepeat(s, 'system/identity', ['detail'], {})).toBeUndefined();
    expect(detail(() => printRepeat(s, 'system/identity', [], { interval: 'banana' }))).toBe('invalid value for argument interval');
    expect(detail(() => printRepeat(s, 'system/identity', [], { interval: '100ms' }))).toMatch(/^value of interval out of range/);
  });

  it('follow-only writes a new item alone, without the header, until stopped', async () => {
    const s = home();
    const stop = new AbortController();
    const written: string[] = [];
    const running = repeatPrint(s, 'ip/address', {}, { kind: 'follow', only: true }, { write: (t) => written.push(t), signal: stop.signal });
    s.add('ip/address', { address: '10.77.0.1/24', interface: 'ether3' });
    for (let i = 0; i < 100 && written.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
    stop.abort();
    await running;
    expect(written).toHaveLength(1);
    expect(written[0]).toMatch(/^\d+ +10\.77\.0\.1\/24 +10\.77\.0\.0 +ether3/);
  });

  it('interval= prints the whole output again until stopped', async () => {
    const s = home();
    const stop = new AbortController();
    const written: string[] = [];
    const running = repeatPrint(s, 'system/identity', {}, { kind: 'interval', ms: 10 }, { write: (t) => (written.push(t), written.length === 2 && stop.abort()), signal: stop.signal });
    await running;
    expect(written).toEqual([renderPrint(s, 'system/identity'), renderPrint(s, 'system/identity')]);
  });

  it('group-by sorts the items by the property, keeping their numbers', () => {
    const rows = renderPrint(home(), 'interface', { groupBy: 'type', proplist: ['name', 'type'] }).split('\r\n').filter((l) => /^\s*\d+ /.test(l));
    const types = rows.map((l) => l.trim().split(/\s+/).at(-1)!);
    expect(types).toEqual([...types].sort());
    expect(rows.map((l) => l.trim().split(/\s+/)[0])).not.toEqual(rows.map((_, i) => String(i)));
  });
});
