import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/*
 * The library's layering, read from its own import statements (type-only imports included: they tie files as
 * surely at review time). Tools are protocol-neutral handlers: they use the application layer and the library's
 * neutral parts (errors, support), never the server that registers them; so no import circle runs through them.
 */

const LIB = __dirname;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith('.ts') && !name.endsWith('.d.ts') ? [path] : [];
  });
}

const IMPORT = /(?:^|\n)\s*(?:import|export)\s(?:[^'"]*?\sfrom\s)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** The library files a file imports (relative specifiers only; packages are other layers). */
export function importsOf(file: string, text = readFileSync(file, 'utf8')): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(IMPORT)) {
    const specifier = match[1] ?? match[2];
    if (!specifier.startsWith('.')) continue;
    const base = resolve(dirname(file), specifier);
    const target = [`${base}.ts`, join(base, 'index.ts'), base].find((candidate) => existsSync(candidate) && statSync(candidate).isFile());
    if (target) found.push(target);
  }
  return found;
}

/** Every import circle among `files` (one per strongly connected component of more than one file, or a self-import). */
export function importCircles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (file: string) => {
    index.set(file, next);
    low.set(file, next++);
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) low.set(file, Math.min(low.get(file)!, index.get(target)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || (graph.get(file) ?? []).includes(file)) circles.push(component.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return circles;
}

const production = sourceFiles(LIB).filter((file) => !file.endsWith('.spec.ts'));
const graph = new Map(production.map((file) => [file, importsOf(file)]));
const shown = (file: string) => relative(LIB, file);

describe('mcp-protocol layering', () => {
  it('tool files import nothing from server/', () => {
    const toolFiles = sourceFiles(join(LIB, 'tools'));
    const offending = toolFiles.flatMap((file) => importsOf(file).filter((target) => shown(target).startsWith('server/')).map((target) => `${shown(file)} → ${shown(target)}`));
    expect(offending).toEqual([]);
  });

  it('no import circle runs through tools/', () => {
    const throughTools = importCircles(graph).filter((circle) => circle.some((file) => shown(file).startsWith('tools/')));
    expect(throughTools.map((circle) => circle.map(shown))).toEqual([]);
  });

  it('finds the circle it guards against (register-tools → catalog → tools → server → register-tools)', () => {
    const file = (name: string) => join(LIB, name);
    const planted = new Map<string, string[]>([
      [file('server/register-tools.ts'), [file('tools/catalog.ts')]],
      [file('tools/catalog.ts'), [file('tools/plan/plan-access.ts')]],
      [file('tools/plan/plan-access.ts'), [file('server/call-guards.ts')]],
      [file('server/call-guards.ts'), [file('server/register-tools.ts')]],
    ]);
    expect(importCircles(planted).map((circle) => circle.map(shown))).toEqual([['server/call-guards.ts', 'server/register-tools.ts', 'tools/catalog.ts', 'tools/plan/plan-access.ts']]);
    expect(importsOf(file('tools/x.ts'), "import { assertDeviceAllowed } from '../server/access-guard';\nimport type { X } from './define-tool';").map(shown)).toEqual(['server/access-guard.ts', 'tools/define-tool.ts']);
  });
});
