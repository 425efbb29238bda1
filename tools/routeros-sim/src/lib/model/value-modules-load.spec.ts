import { readdirSync } from 'node:fs';

/**
 * The value modules import one another (arg-rules → firewall-values → generic-values → …), so which loads first
 * depends on the entry point. Each must load first in a fresh registry without reading a neighbour's export that is
 * not there yet (U32 read undefined once let `nth=2,4294967296` through; a table built before its builders threw).
 */
const VALUE_MODULES = readdirSync(__dirname)
  .filter((name) => /^(.*-values|value-.*|generic-.*|arg-rules)\.ts$/.test(name) && !name.endsWith('.spec.ts'))
  .map((name) => name.replace(/\.ts$/, ''));

describe('value modules load in any order', () => {
  it('finds the value modules', () => {
    expect(VALUE_MODULES).toEqual(expect.arrayContaining(['arg-rules', 'generic-values', 'firewall-values', 'wifi-values', 'value-rule-builders', 'value-ranges', 'bridge-values', 'ip-tool-values', 'ip-curated-values', 'firewall-rest-values']));
  });

  it.each(VALUE_MODULES)('%s loads first', (name) => {
    jest.isolateModules(() => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- a fresh load is the point
      expect(() => require(`./${name}`)).not.toThrow();
    });
  });
});
