import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { InstallScripts, packagesWithInstallScripts, unreviewed } from './lib/install-scripts';

const ROOT = join(__dirname, '..', '..', '..');
const allowScripts = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { allowScripts: Record<string, boolean> }).allowScripts;

describe('install scripts', () => {
  // npm ci warns about every package with install scripts that allowScripts does not decide: each one is a decision
  // to record (allowed: it builds something we use; denied: we need nothing it does).
  it('every installed package that runs a script at install is allowed or denied in package.json allowScripts', () => {
    expect(unreviewed(packagesWithInstallScripts(ROOT), allowScripts)).toEqual([]);
  });

  it('protobufjs is denied: its postinstall only checks the version range of packages that depend on it directly (none here)', () => {
    expect(allowScripts['protobufjs']).toBe(false);
  });

  it('finds scripts and bindings, nested and scoped, and reports what allowScripts leaves open', () => {
    const found: InstallScripts[] = [
      { name: 'a', path: '/x/a', scripts: { postinstall: 'node p' } },
      { name: '@s/b', path: '/x/@s/b', scripts: { install: 'node-gyp rebuild' } },
    ];
    expect(unreviewed(found, { a: false })).toEqual(['@s/b']);
    expect(unreviewed(found, { a: true, '@s/b': false })).toEqual([]);
  });
});
