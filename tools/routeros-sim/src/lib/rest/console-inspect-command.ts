import type { DeviceState } from '../model/device-state';
import type { MenuCommand } from './menu-commands';
import type { Row } from './print-query';
import { errors } from './rest-error';

type Node = { name: string; kind: 'dir' | 'cmd' | 'arg' };

/**
 * `/console inspect request= [path=] [input=]`: the console's own view of its command tree, as API clients read it to
 * learn menus, commands and arguments. The simulator answers it from the version's command tree: `child` lists a
 * node's children (`type`, `name`, `node-type` dir/cmd/arg), `self` the node itself, `completion` the children whose
 * names start with `input`, `syntax` one row per child (`symbol`, `symbol-type=explanation`; the help texts are not
 * vendored, so `text` is empty), `highlight` and `error` nothing (no input is parsed). `path` is a comma list of
 * words (`ip,address,add`); a word that leads nowhere is `no such command or directory (word)` (chosen, as an unknown
 * menu over REST). The field names are those the API answers (chosen where no MikroTik page lists them).
 */
function nodeAt(state: DeviceState, words: string[]): { node: Node; children: Node[] } {
  let menu = '';
  let command: string | undefined;
  for (const word of words) {
    const next = menu ? `${menu}/${word}` : word;
    if (command === undefined && hasMenu(state, next)) menu = next;
    else if (command === undefined && state.tree[menu]?.commands.includes(word)) command = word;
    else throw errors.noSuchCommand(word);
  }
  const name = command ?? (menu.split('/').pop() || '');
  if (command !== undefined) return { node: { name, kind: 'cmd' }, children: (state.tree[menu]?.args[command] ?? []).map((a) => ({ name: a, kind: 'arg' })) };
  const depth = menu ? menu.split('/').length : 0;
  const dirs = new Set(Object.keys(state.tree).filter((p) => p && (menu ? p.startsWith(`${menu}/`) : true)).map((p) => p.split('/')[depth]).filter(Boolean));
  return {
    node: { name, kind: 'dir' },
    children: [...[...dirs].map((d): Node => ({ name: d, kind: 'dir' })), ...(state.tree[menu]?.commands ?? []).map((c): Node => ({ name: c, kind: 'cmd' }))].sort((a, b) => a.name.localeCompare(b.name)),
  };
}

const hasMenu = (state: DeviceState, path: string) => Object.keys(state.tree).some((p) => p === path || p.startsWith(`${path}/`));

const row = (type: string, n: Node): Row => ({ type, name: n.name, 'node-type': n.kind });

const inspect: MenuCommand = (state, body) => {
  if (body['request'] === undefined) throw errors.missingValue('request');
  const words = String(body['path'] ?? '').split(',').map((w) => w.trim()).filter(Boolean);
  const { node, children } = nodeAt(state, words);
  switch (String(body['request'])) {
    case 'self':
      return [row('self', node)];
    case 'child':
      return children.map((c) => row('child', c));
    case 'completion': {
      const input = String(body['input'] ?? '');
      return children.filter((c) => c.name.startsWith(input)).map((c) => ({ type: 'completion', completion: c.name, style: c.kind, show: 'true', offset: String(input.length), preference: '96', text: '' }));
    }
    case 'syntax':
      return children.map((c) => ({ type: 'syntax', symbol: c.name, 'symbol-type': 'explanation', nested: '0', nonorm: 'false', text: '' }));
    default:
      return [];
  }
};

export const CONSOLE_INSPECT: Record<string, MenuCommand> = { 'console/inspect': inspect };
