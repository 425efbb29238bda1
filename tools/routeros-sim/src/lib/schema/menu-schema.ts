import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { withScriptMenus } from '../script/script-tree';

/** What RouterOS's command tree says about one menu of one version (extracted by scripts/extract-schema.cjs). */
export interface TreeMenu {
  type: 'dir' | 'cmd' | 'path';
  commands?: string[];
  add?: string[];
  set?: string[];
  print?: string[];
  export?: string[];
  args?: string[];
}

export type TreeSchema = Record<string, TreeMenu>;

let cache: Record<string, TreeSchema> | undefined;

export function treeSchemas(): Record<string, TreeSchema> {
  cache ??= JSON.parse(readFileSync(join(__dirname, 'routeros-schema.json'), 'utf8')) as Record<string, TreeSchema>;
  return cache;
}

export const SUPPORTED_VERSIONS = ['7.15.3', '7.20.5'] as const;

export function treeFor(version: string): TreeSchema {
  const schema = treeSchemas()[version];
  if (!schema) throw new Error(`unsupported RouterOS version ${version}; choose one of ${SUPPORTED_VERSIONS.join(', ')}`);
  // The vendored trees lack /system/script; the simulator serves it (script/script-tree.ts).
  return withScriptMenus(schema);
}
