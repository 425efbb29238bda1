import { runCommand } from '../rest/commands';
import { DeviceState } from './device-state';
import { L2_OVERHEAD } from './interface-traffic';
import { seedConfig } from './profiles';

const users = [{ name: 'admin', password: 'x', group: 'full' as const }];
let clock = 1_700_000_000_000;
const device = () => new DeviceState('7.20.5', 7, () => seedConfig({ profile: 'edge', version: '7.20.5', identity: 'r1', index: 0, users }), () => clock);

describe('interface traffic', () => {
  it('prints the same last-link-up-time on every read, whatever fraction of a second the clock shows', () => {
    // Booted at x.4 s: reads at x+1.1 and x+1.9 s once disagreed on the boot second (tick and uptime rounded apart).
    clock = 1_700_000_000_400;
    const s = device();
    const upTimes = () => s.list('interface').map((r) => r['last-link-up-time']);
    const first = upTimes();
    for (const at of [1_100, 1_900, 2_300, 3_999, 60_500]) {
      clock = 1_700_000_000_400 + at;
      expect(upTimes()).toEqual(first);
      expect(Number(s.readContext().tick) - s.readContext().uptime).toBe(1_700_000_000);
    }
  });

  it('keeps bytes per packet within the MTU plus L2 overhead, from the first second on', () => {
    const s = device();
    for (const elapsed of [0, 1, 3600, 86_400 * 9]) {
      clock += elapsed * 1000;
      for (const row of s.list('interface')) {
        for (const dir of ['rx', 'tx']) {
          const bytes = Number(row[`${dir}-byte`]);
          const packets = Number(row[`${dir}-packet`]);
          expect(bytes <= packets * (Number(row['actual-mtu']) + L2_OVERHEAD)).toBe(true);
          if (packets > 0) expect(bytes / packets).toBeGreaterThanOrEqual(64);
          expect(Number(row[`fp-${dir}-packet`])).toBeLessThanOrEqual(packets);
        }
      }
    }
  });

  it('reports monitor-traffic rates whose bits per packet fit one frame', async () => {
    const s = device();
    const names = s.list('interface').map((r) => r['name']).join(',');
    const samples = (await runCommand(s, 'interface/monitor-traffic', { interface: names, once: '' }, new AbortController().signal)) as Record<string, string>[];
    expect(samples.map((r) => r['name'])).toEqual(names.split(','));
    for (const sample of samples) {
      for (const dir of ['rx', 'tx']) {
        const bits = Number(sample[`${dir}-bits-per-second`]);
        const pps = Number(sample[`${dir}-packets-per-second`]);
        expect(bits <= pps * (1500 + L2_OVERHEAD) * 8).toBe(true);
        if (pps > 0) expect(bits / pps / 8).toBeGreaterThanOrEqual(64);
      }
    }
    // An interface without link moves nothing.
    expect(samples.find((r) => r['name'] === 'ether2')).toMatchObject({ 'rx-bits-per-second': '0', 'rx-packets-per-second': '0' });
  });
});
