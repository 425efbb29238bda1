import { DeviceClock } from '../model/scheduler';
import { ScriptHost } from '../script/script-host';
import { seededDevice } from '../testing/seeded-device.fixture';
import { runConsole } from './console-command';
import { ItemNumbers } from './item-numbers';

const user = { name: 'admin', password: 'x', group: 'full' as const };
const session = () => ({ session: 's', user, numbers: new ItemNumbers() });
const comments = (s: ReturnType<typeof seededDevice>) => s.list('ip/firewall/filter').map((r) => r['comment']);

describe("the console's item numbers (MikroTik's Console manual, Item Numbers)", () => {
  it('name the items the last print numbered, even after remove, add and move', async () => {
    const s = seededDevice('edge');
    const ctx = session();
    const [first, second, third] = comments(s);
    expect((await runConsole(s, '/ip firewall filter print', ctx)).ok).toBe(true);
    expect((await runConsole(s, '/ip firewall filter remove 0', ctx)).ok).toBe(true);
    // 1 is still the item print numbered 1, although it is now the first.
    expect((await runConsole(s, '/ip firewall filter set 1 comment=one', ctx)).ok).toBe(true);
    expect(comments(s).slice(0, 2)).toEqual(['one', third]);
    expect(second).not.toBe('one');
    // 0 named the removed item: no such item, and nothing changes.
    const before = comments(s);
    expect((await runConsole(s, '/ip firewall filter set 0 comment=zero', ctx)).output).toBe('no such item\r\n');
    expect(comments(s)).toEqual(before);
    expect(first).toBeDefined();
  });

  it('are assigned as print would when the session has not printed the menu, and per menu', async () => {
    const s = seededDevice('edge');
    const ctx = session();
    expect((await runConsole(s, '/ip firewall filter set 2 comment=third', ctx)).ok).toBe(true);
    expect(comments(s)[2]).toBe('third');
    expect((await runConsole(s, '/interface print', ctx)).ok).toBe(true);
    expect((await runConsole(s, '/ip firewall filter disable 0,1', ctx)).ok).toBe(true);
    expect(s.list('ip/firewall/filter').slice(0, 3).map((r) => r['disabled'])).toEqual(['true', 'true', 'false']);
  });

  it('work in place-before, copy-from, move and numbers=, and a number no item has is no such item', async () => {
    const s = seededDevice('edge');
    const ctx = session();
    const count = s.list('ip/firewall/filter').length;
    expect((await runConsole(s, '/ip firewall filter add chain=input action=accept comment=top place-before=0', ctx)).ok).toBe(true);
    expect(comments(s)[0]).toBe('top');
    // Numbers are the last print's: 0 is still the first seeded rule, which is now second.
    const seededFirst = s.list('ip/firewall/filter')[1];
    expect((await runConsole(s, '/ip firewall filter add copy-from=0 comment=copy', ctx)).ok).toBe(true);
    expect(s.list('ip/firewall/filter').at(-1)).toMatchObject({ chain: seededFirst['chain'], action: seededFirst['action'], comment: 'copy' });
    expect((await runConsole(s, '/ip firewall filter print', ctx)).ok).toBe(true);
    expect((await runConsole(s, '/ip firewall filter move 0 3', ctx)).ok).toBe(true);
    expect(comments(s)[2]).toBe('top');
    expect((await runConsole(s, '/ip firewall filter comment numbers=1 comment=by-numbers', ctx)).ok).toBe(true);
    const before = JSON.stringify(s.list('ip/firewall/filter'));
    for (const line of [`/ip firewall filter set ${count + 5} comment=x`, `/ip firewall filter add chain=input place-before=${count + 5}`, `/ip firewall filter remove 0,${count + 5}`]) {
      expect((await runConsole(s, line, ctx)).output).toBe('no such item\r\n');
    }
    expect(JSON.stringify(s.list('ip/firewall/filter'))).toBe(before);
  });

  it('are shared by the lines the script interpreter runs (print where, then set by number)', async () => {
    const s = seededDevice('edge');
    const host = new ScriptHost(s, new DeviceClock());
    const ctx = session();
    const printed = await runConsole(s, '/ip firewall filter print where action=drop', ctx);
    expect(printed.ok).toBe(true);
    const dropNumber = printed.output.split('\r\n').find((l) => /^\s*\d+ /.test(l))!.trim().split(' ')[0];
    const dropId = s.list('ip/firewall/filter')[Number(dropNumber)]['.id'];
    // Another session removes the first rule: the numbers this session's print gave still hold.
    s.remove('ip/firewall/filter', s.list('ip/firewall/filter')[0]['.id']);
    expect((await runConsole(s, `/ip firewall filter set ${dropNumber} comment=dropper`, ctx)).ok).toBe(true);
    expect(s.list('ip/firewall/filter').find((r) => r['.id'] === dropId)?.['comment']).toBe('dropper');
    // get and /system script run take numbers too.
    const got = await runConsole(s, `:put [/ip firewall filter get ${dropNumber} comment]`, ctx);
    expect(got.output).toBe('dropper\r\n');
    // A script run on its own numbers its own prints.
    const firstNow = s.list('ip/firewall/filter')[0]['.id'];
    const result = await host.run('/ip firewall filter set 0 comment=script-first', user, 'command');
    expect(result.error).toBeUndefined();
    expect(s.list('ip/firewall/filter').find((r) => r['.id'] === firstNow)?.['comment']).toBe('script-first');
  });
});
