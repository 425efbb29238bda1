import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The lifecycle scripts npm runs when it installs a package (a binding.gyp alone means `node-gyp rebuild`). */
const INSTALL_SCRIPTS = ['preinstall', 'install', 'postinstall'] as const;

export interface InstallScripts {
  name: string;
  path: string;
  scripts: Record<string, string>;
}

/** Every installed package under `root`'s node_modules (nested ones included) that would run a script at install. */
export function packagesWithInstallScripts(root: string): InstallScripts[] {
  const found: InstallScripts[] = [];
  const visit = (modules: string) => {
    if (!existsSync(modules)) return;
    for (const entry of readdirSync(modules)) {
      if (entry.startsWith('.')) continue;
      const dirs = entry.startsWith('@') ? readdirSync(join(modules, entry)).map((n) => join(modules, entry, n)) : [join(modules, entry)];
      for (const dir of dirs) {
        const manifest = join(dir, 'package.json');
        if (!existsSync(manifest)) continue;
        const pkg = JSON.parse(readFileSync(manifest, 'utf8')) as { name: string; scripts?: Record<string, string> };
        const scripts = Object.fromEntries(INSTALL_SCRIPTS.flatMap((s) => (pkg.scripts?.[s] ? [[s, pkg.scripts[s]]] : [])));
        if (Object.keys(scripts).length === 0 && existsSync(join(dir, 'binding.gyp'))) scripts['install'] = 'node-gyp rebuild';
        if (Object.keys(scripts).length > 0) found.push({ name: pkg.name, path: dir, scripts });
        visit(join(dir, 'node_modules'));
      }
    }
  };
  visit(join(root, 'node_modules'));
  return found;
}

/** The packages of `found` the root package.json's `allowScripts` neither allows nor denies. */
export function unreviewed(found: readonly InstallScripts[], allowScripts: Record<string, boolean>): string[] {
  return [...new Set(found.map((p) => p.name).filter((name) => !(name in allowScripts)))].sort();
}
