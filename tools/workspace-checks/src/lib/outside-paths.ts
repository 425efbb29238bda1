import { readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, extname, isAbsolute, join, relative, resolve, sep } from 'node:path';

/** One reference from a file in the repository to a path outside it. */
export interface OutsideReference {
  file: string;
  line: number;
  text: string;
  why: string;
}

// Generated, installed or vendored trees: nothing in them is the project's own source, script or config.
const SKIPPED_DIRS = new Set(['node_modules', 'dist', '.nx', '.git', 'tmp', 'coverage', 'reference']);
const SCANNED_EXTENSIONS = new Set(['.ts', '.js', '.cjs', '.mjs', '.json', '.sh', '.yml', '.yaml', '.conf', '.service', '.example']);
const SCANNED_NAMES = new Set(['run', 'Containerfile', 'Dockerfile', 'Caddyfile', '.gitignore', '.dockerignore', '.containerignore']);
// Too big to read and written by npm, not by us.
const SKIPPED_FILES = new Set(['package-lock.json']);

/** The project's own source, spec, script and config files, relative to root. */
export function projectFiles(root: string, dir = ''): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
    const path = dir ? join(dir, entry.name) : entry.name;
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name)) out.push(...projectFiles(root, path));
    } else if (entry.isFile() && !SKIPPED_FILES.has(entry.name) && (SCANNED_EXTENSIONS.has(extname(entry.name)) || SCANNED_NAMES.has(entry.name))) {
      out.push(path);
    }
  }
  return out.sort();
}

const escapes = (root: string, target: string) => {
  const rel = relative(root, target);
  return rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel);
};

/**
 * Finds, in one file's text, references to paths outside the repository at root:
 * - the shared directory that sits beside a developer's checkout, by any of the forms it has been written in;
 * - absolute paths under the directory holding the checkout (a developer's machine, not a user's clone);
 * - relative path literals (`'../../x'`) and `join(__dirname, '..', …)` chains that climb above the root.
 */
export function outsideReferences(root: string, file: string, text: string): OutsideReference[] {
  const out: OutsideReference[] = [];
  const here = dirname(join(root, file));
  const parent = dirname(resolve(root));
  const lines = text.split('\n');
  const add = (index: number, why: string) => out.push({ file, line: index + 1, text: lines[index].trim().slice(0, 200), why });
  lines.forEach((line, index) => {
    if (/(^|[^\w.-])\.\.\/shared(?![\w.-])|\bshared\/reference\b|(['"`])shared\2\s*,\s*(['"`])reference\3/.test(line)) {
      add(index, 'names the shared/ directory beside a checkout');
      return;
    }
    if (parent !== sep && line.includes(`${parent}${sep}`)) {
      add(index, `absolute path under ${parent}, outside the repository`);
      return;
    }
    for (const [, literal] of line.matchAll(/['"`]((?:\.\.?\/)+[^'"`\s]*)['"`]/g)) {
      if (escapes(root, resolve(here, literal))) {
        add(index, `'${literal}' resolves outside the repository`);
        return;
      }
    }
    for (const call of line.matchAll(/\b(?:join|resolve)\(\s*__dirname\s*((?:,\s*(?:['"`][^'"`]*['"`]|\.\.\.Array\(\d+\)\.fill\(['"`]\.\.['"`]\)))*)/g)) {
      const parts = [...call[1].matchAll(/\.\.\.Array\((\d+)\)\.fill\(['"`]\.\.['"`]\)|['"`]([^'"`]*)['"`]/g)].flatMap((m) => (m[1] ? Array<string>(Number(m[1])).fill('..') : [m[2]]));
      if (escapes(root, resolve(here, ...parts))) {
        add(index, `${basename(file)} climbs ${parts.filter((p) => p === '..').length} levels from its directory, above the repository`);
        return;
      }
    }
  });
  return out;
}

/** Every reference to a path outside the repository, in every file the project owns. */
export function scanRepository(root: string): OutsideReference[] {
  return projectFiles(root).flatMap((file) => outsideReferences(root, file, readFileSync(join(root, file), 'utf8')));
}
