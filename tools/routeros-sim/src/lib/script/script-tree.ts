import type { TreeMenu, TreeSchema } from '../schema/menu-schema';

const PRINT = ['append', 'as-value', 'brief', 'count-only', 'detail', 'file', 'follow', 'follow-only', 'from', 'group-by', 'interval', 'proplist', 'show-ids', 'terse', 'value-list', 'where', 'without-paging'];

/**
 * `/system/script` and its job and environment menus as RouterOS 7's command tree has them (the vendored trees
 * predate them; the same in 7.15 and 7.20). Added to a version's tree where it lacks them.
 */
export const SCRIPT_MENUS: Record<string, TreeMenu> = {
  'system/script': {
    type: 'dir',
    commands: ['add', 'comment', 'edit', 'export', 'find', 'get', 'print', 'remove', 'reset', 'run', 'set'],
    add: ['comment', 'copy-from', 'dont-require-permissions', 'name', 'owner', 'policy', 'source'],
    set: ['comment', 'dont-require-permissions', 'name', 'numbers', 'owner', 'policy', 'source'],
    print: PRINT,
  },
  'system/script/job': { type: 'dir', commands: ['find', 'get', 'print', 'remove'], print: PRINT },
  'system/script/environment': { type: 'dir', commands: ['find', 'get', 'print', 'remove'], print: PRINT },
};

export function withScriptMenus(tree: TreeSchema): TreeSchema {
  return { ...SCRIPT_MENUS, ...tree };
}
