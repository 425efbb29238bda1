import { MENU_COUNT_TTL_MS, MenuContentsCache } from './menu-contents';

describe('MenuContentsCache', () => {
  let now = new Date('2026-11-28T08:00:00Z');
  const clock = { now: () => now };
  const settable = new Set(['address', 'interface', 'comment', 'disabled']);
  const rows = [
    { '.id': '*1', address: '192.0.2.1/24', interface: 'ether1', dynamic: 'false', invalid: 'false' },
    { '.id': '*2', address: '192.0.2.2/24', interface: 'ether2', dynamic: 'false', 'actual-interface': 'ether2' },
  ];

  it('counts from one print, names the properties no command sets, and prints again only once the count is stale', async () => {
    const cache = new MenuContentsCache(clock);
    let prints = 0;
    const print = async () => {
      prints++;
      return rows;
    };
    expect(await cache.contents('d1', '7.20.5', 'ip/address', settable, print)).toEqual({ item_count: 2, counted_at: now.toISOString(), read_only: ['actual-interface', 'dynamic', 'invalid'] });
    await cache.contents('d1', '7.20.5', 'ip/address', settable, print);
    expect(prints).toBe(1);
    now = new Date(now.getTime() + MENU_COUNT_TTL_MS);
    await cache.contents('d1', '7.20.5', 'ip/address', settable, print);
    expect(prints).toBe(2);
    cache.forget('d1', 'ip/address');
    await cache.contents('d1', '7.20.5', 'ip/address', settable, print);
    expect(prints).toBe(3);
  });

  it('learns names per version, counts per device, and a singleton is one item', async () => {
    const cache = new MenuContentsCache(clock);
    cache.observe('d1', '7.20.5', 'ip/address', rows);
    // Another device of the version: its own count, the version's names.
    const other = await cache.contents('d2', '7.20.5', 'ip/address', settable, async () => []);
    expect(other).toMatchObject({ item_count: 0, read_only: ['actual-interface', 'dynamic', 'invalid'] });
    expect((await cache.contents('d3', '7.15.3', 'ip/address', settable, async () => [])).read_only).toEqual([]);
    expect(await cache.contents('d1', '7.20.5', 'system/resource', new Set(), async () => ({ uptime: '1d', version: '7.20.5' }))).toMatchObject({ item_count: 1, read_only: ['uptime', 'version'] });
  });

  it('says why there is no count when the device does not answer, and never guesses one', async () => {
    const cache = new MenuContentsCache(clock);
    const contents = await cache.contents('d1', '7.20.5', 'ip/address', settable, async () => {
      throw new Error('connection refused');
    });
    expect(contents).toEqual({ read_only: [], unavailable: 'the device did not answer the print: connection refused' });
  });
});
