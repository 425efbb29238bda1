import { menuCoverage } from './coverage';
import { freeArgReason, freeArgs } from './free-args';

/** Every argument the coverage page counts as free has its reason written down, and only those. */
describe('the free arguments', () => {
  const rows = menuCoverage();

  it('each have a reason in model/free-args.ts', () => {
    const missing = rows.flatMap((r) => r.free.filter((arg) => freeArgReason(r.path.slice(1), arg) === undefined).map((arg) => `${r.path} ${arg}`));
    expect(missing).toEqual([]);
  });

  it('are listed only while no rule checks them and the reference does not type them as text', () => {
    const free = new Set(rows.flatMap((r) => r.free.map((arg) => `${r.path.slice(1)} ${arg}`)));
    const stale = freeArgs().filter(({ path, arg }) => !free.has(`${path} ${arg}`)).map(({ path, arg }) => `/${path} ${arg}`);
    expect(stale).toEqual([]);
    for (const { reason } of freeArgs()) expect(reason.length).toBeGreaterThan(10);
  });
});
