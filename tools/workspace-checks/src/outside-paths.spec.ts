import { join } from 'node:path';
import { outsideReferences, scanRepository } from './lib/outside-paths';

const ROOT = join(__dirname, '..', '..', '..');

/** Fixture text with `%DIRNAME%` for __dirname and `%SHARED%` for the shared directory's name, so this spec itself scans clean. */
const fixture = (text: string) => text.replace(/%DIRNAME%/g, '__dirname').replace(/%SHARED%/g, 'shared');

describe('the repository stands alone', () => {
  it('no source, spec, script or config refers to a path outside the repository', () => {
    const found = scanRepository(ROOT).map((r) => `${r.file}:${r.line}: ${r.why}: ${r.text}`);
    expect(found).toEqual([]);
  });

  describe('the scan finds the forms such a reference has taken', () => {
    const find = (file: string, text: string) => outsideReferences(ROOT, file, fixture(text)).map((r) => r.why);

    it.each([
      ['a path beside the checkout', 'tools/x/a.cjs', "const dir = process.argv[2] || '../%SHARED%/reference/routeros-inspect';"],
      ['the shared tree by name', 'tools/x/a.cjs', '// trees in %SHARED%/reference'],
      ['the shared tree as join segments', 'tools/scripts/a.cjs', "const r = join(root, '..', '%SHARED%', 'reference', 'routeros-inspect');"],
      ['__dirname climbing above the root', 'tools/routeros-sim/src/lib/schema/a.spec.ts', "const R = join(%DIRNAME%, '..', '..', '..', '..', '..', '..', 'elsewhere');"],
      ['__dirname climbing by a spread array', 'libs/domain/changes/src/lib/planners/a.spec.ts', "const R = join(%DIRNAME%, ...Array(7).fill('..'), 'elsewhere');"],
      ['a relative literal above the root', 'libs/config/tsconfig.lib.json', '{ "extends": "../../../tsconfig.base.json" }'],
      ['an absolute path beside the checkout', 'tools/x/a.ts', `const f = '${join(ROOT, '..', 'elsewhere', 'x.json')}';`],
    ])('%s', (_label, file, text) => {
      expect(find(file, text)).toHaveLength(1);
    });

    it.each([
      ['__dirname to the root', 'tools/demo/src/main.ts', "const REPO = join(%DIRNAME%, '..', '..', '..');"],
      ['the vendored trees', 'libs/domain/changes/src/lib/planners/a.spec.ts', "const R = join(%DIRNAME%, ...Array(6).fill('..'), 'reference', 'routeros-inspect');"],
      ['a sibling module named shared-something', 'libs/application/use-cases/src/lib/a/b.ts', "import { x } from '../%SHARED%-abort';"],
      ['a config extending the base', 'libs/domain/changes/tsconfig.lib.json', '{ "extends": "../../../tsconfig.base.json" }'],
      ['an absolute path on a device or in a test home', 'libs/config/src/lib/a.spec.ts', "loadConfig({ homeDir: '/home/op' });"],
    ])('but not %s', (_label, file, text) => {
      expect(find(file, text)).toEqual([]);
    });
  });
});
