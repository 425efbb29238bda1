import type { DeviceState, DeviceUser } from '../model/device-state';
import { runsUntilStopped } from './print-follow';
import { matchesQuery, parseProplist, project, Row } from './print-query';
import { errors, RestError } from './rest-error';
import { runCommand } from './commands';
import { MENU_COMMANDS } from './menu-commands';
import { removeJobs } from '../script/job-remove';
import { ITEM_COMMANDS, runItemCommand } from './item-commands';
import { checkTreeValue } from '../model/tree-rules';
import { assertPolicies, forReader, policiesFor } from './user-policy';
import { READ_COMMANDS, runReadCommand } from './read-commands';

export interface RestRequest {
  method: string;
  /** Path below `/rest/`, e.g. `ip/address/*1`. */
  path: string;
  query: URLSearchParams;
  body: unknown;
  user: DeviceUser;
}

export interface RestResponse {
  status: number;
  body?: unknown;
}

const TABLE_COMMANDS = new Set(['print', ...ITEM_COMMANDS]);

/** Splits a REST path into the longest menu of the device's tree (or extra package) and what follows it. */
function resolve(state: DeviceState, path: string): { menu: string; rest: string[] } {
  // `*` is reserved in URLs (RFC 3986 §2.2), so `%2A1` is not the id `*1`: it stays a word (chosen, docs/simulator.md).
  const parts = path.split('/').filter(Boolean).map((part) => decodeURIComponent(part.replace(/%2a/gi, '%252A')));
  for (let i = parts.length; i > 0; i--) {
    const menu = parts.slice(0, i).join('/');
    if (state.menu(menu) || state.tree[menu]) return { menu, rest: parts.slice(i) };
  }
  return { menu: '', rest: parts };
}


function objectBody(body: unknown): Record<string, unknown> {
  if (body === undefined || body === null || body === '') return {};
  if (typeof body !== 'object' || Array.isArray(body)) throw errors.badJson();
  return body as Record<string, unknown>;
}

function filterByQueryString(rows: Row[], query: URLSearchParams): Row[] {
  const filters = [...query.entries()].filter(([k]) => k !== '.proplist');
  return rows.filter((row) => filters.every(([k, v]) => row[k] === v));
}

function print(rows: Row[], body: Record<string, unknown>): Row[] {
  const words = body['.query'];
  const query = words === undefined ? [] : Array.isArray(words) ? words.map(String) : [String(words)];
  const proplist = parseProplist(body['.proplist']);
  return rows
    .filter((row) => {
      const match = matchesQuery(row, query);
      if (match === undefined) throw new RestError(400, 'invalid query');
      return match;
    })
    .map((row) => project(row, proplist));
}

/** A write of `menu` (or its `command`) by a user whose group lacks a policy it needs is refused (rest/user-policy.ts). */
const assertMayWrite = (state: DeviceState, user: DeviceUser, menu: string, command?: string) => assertPolicies(state, user, policiesFor(menu, command));

/** Answers one REST request the way RouterOS v7's `/rest` does. */
export async function handleRest(state: DeviceState, req: RestRequest, signal: AbortSignal): Promise<RestResponse> {
  const { menu, rest } = resolve(state, req.path);
  const spec = state.menu(menu);
  const body = req.method === 'GET' || req.method === 'DELETE' ? {} : objectBody(req.body);

  // Commands of menus that are not tables (tool/ping, export, system/reboot) and menu-specific commands (flush, save).
  if (!spec || (rest.length === 1 && !TABLE_COMMANDS.has(rest[0]) && !rest[0].startsWith('*') && req.method === 'POST')) {
    const name = rest[0];
    // Nothing names a command (`/rest/ip`): RouterOS names the menu it cannot print.
    if (name === undefined) throw errors.noSuchCommand(menu.split('/').pop() ?? '');
    const args = state.tree[menu]?.args[name];
    if (args && rest.length === 1 && req.method === 'GET') throw errors.noSuchCommandPlain();
    if (!args || rest.length > 1 || req.method !== 'POST') throw errors.noSuchCommand(args ? (rest[1] ?? name) : name);
    // Arguments exactly as the tree names them; `.proplist`/`.query` and other API words start with a dot.
    for (const key of Object.keys(body)) if (!key.startsWith('.') && !args.includes(key)) throw errors.unknownParameter(key);
    // Values as the tree describes them, before the command runs (or is refused as not simulated).
    for (const [key, value] of Object.entries(body)) if (!key.startsWith('.') && typeof value === 'string') checkTreeValue(state.version, menu, name, key, value);
    // `get` and `find` of every menu the simulator serves read it (rest/read-commands.ts).
    if (spec && READ_COMMANDS.has(name)) return { status: 200, body: await runReadCommand(state, req.user, menu, name, body) };
    const command = menu ? `${menu}/${name}` : name;
    assertMayWrite(state, req.user, menu, name);
    return { status: 200, body: await runCommand(state, command, body, signal, req.user.name) };
  }

  // RouterOS refuses an argument the command does not have before it looks for the items (`unknown parameter x`).
  const command = req.method === 'PUT' ? 'add' : req.method === 'PATCH' ? 'set' : req.method === 'POST' ? rest[0] : undefined;
  const allowed = command === undefined || command === 'print' ? undefined : state.tree[menu]?.args[command];
  for (const key of allowed ? Object.keys(body) : []) {
    const name = key.startsWith('!') ? key.slice(1) : key;
    if (!key.startsWith('.') && !allowed!.includes(name)) throw errors.unknownParameter(name);
  }

  // A command read with GET (`GET /ip/firewall/filter/print`, `GET /system/reboot` is handled above): RouterOS's 400.
  if (req.method === 'GET' && rest.length === 1 && state.tree[menu]?.args[rest[0]] && !rest[0].startsWith('*')) throw errors.noSuchCommandPlain();
  const proplist = parseProplist(req.query.get('.proplist') ?? undefined);
  if (spec.kind === 'singleton') {
    // Chosen without a source (docs/simulator.md): PATCH names no item, and a singleton has none to name.
    if (req.method === 'PATCH') throw errors.notFound();
    if (req.method === 'GET' && rest.length === 0) return { status: 200, body: project(forReader(state, req.user, menu, [state.singleton(menu)])[0], proplist) };
    if (req.method === 'POST' && rest[0] === 'set' && rest.length === 1) {
      assertMayWrite(state, req.user, menu);
      state.setSingleton(menu, body);
      return { status: 200, body: [] };
    }
    if (req.method === 'POST' && rest[0] === 'print' && rest.length === 1) {
      await runsUntilStopped(state, menu, body, signal);
      return { status: 200, body: print(forReader(state, req.user, menu, [state.singleton(menu)]), body)[0] ?? {} };
    }
    // A singleton's own reading of an item command (`/radius/incoming reset-counters`, rest/menu-commands.ts).
    const own = req.method === 'POST' && rest.length === 1 && state.tree[menu]?.args[rest[0]] ? MENU_COMMANDS[`${menu}/${rest[0]}`] : undefined;
    if (own) {
      assertMayWrite(state, req.user, menu, rest[0]);
      return { status: 200, body: await own(state, body, signal) };
    }
    if (req.method === 'POST' && rest.length === 1 && state.tree[menu]?.args[rest[0]]) throw errors.notSimulated(`${menu}/${rest[0]}`);
    throw errors.noSuchCommand(rest[0] ?? req.method.toLowerCase());
  }

  const target = rest[0];
  if (rest.length > 1) throw errors.noSuchCommand(rest[1]);
  // A word that is no id, below a table whose items have no name (`/ip/firewall/filter/x`), reads as a command or
  // menu name: 400 `no such command or directory (x)` (chosen, docs/simulator.md); a missing id or name is 404.
  const named = (state.tree[menu]?.args['add'] ?? state.tree[menu]?.args['set'] ?? ['name']).includes('name') || state.list(menu).some((r) => r['name'] === target);
  if (target !== undefined && !target.startsWith('*') && !named && !(req.method === 'POST' && (target === 'print' || ITEM_COMMANDS.has(target)))) throw errors.noSuchCommand(target);
  switch (req.method) {
    case 'GET':
      if (target === undefined) return { status: 200, body: filterByQueryString(forReader(state, req.user, menu, state.list(menu)), req.query).map((r) => project(r, proplist)) };
      return { status: 200, body: project(forReader(state, req.user, menu, [state.get(menu, target)])[0], proplist) };
    case 'PUT':
      if (target !== undefined) throw errors.noSuchCommand(target);
      assertMayWrite(state, req.user, menu);
      if (MENU_COMMANDS[`${menu}/add`]) return { status: 201, body: await MENU_COMMANDS[`${menu}/add`](state, body, signal) };
      return { status: 201, body: forReader(state, req.user, menu, [state.add(menu, body)])[0] };
    case 'PATCH':
      if (target === undefined) throw errors.noSuchCommand('set');
      assertMayWrite(state, req.user, menu);
      return { status: 200, body: forReader(state, req.user, menu, [state.update(menu, target, body)])[0] };
    case 'DELETE':
      if (target === undefined) throw errors.noSuchCommand('remove');
      assertMayWrite(state, req.user, menu);
      if (menu === 'system/script/job') removeJobs(state, { '.id': target }, errors.notFound);
      else state.remove(menu, target);
      return { status: 204 };
    case 'POST':
      if (target === 'print') {
        await runsUntilStopped(state, menu, body, signal);
        // `count-only` answers the number of matching items as `{"ret":"N"}`.
        const { ['count-only']: countOnly, ...printBody } = body;
        const rows = print(forReader(state, req.user, menu, state.list(menu)), printBody);
        return { status: 200, body: countOnly === undefined ? rows : { ret: String(rows.length) } };
      }
      if (target === undefined || !ITEM_COMMANDS.has(target)) throw errors.noSuchCommand(target ?? 'post');
      assertMayWrite(state, req.user, menu, target);
      // A menu's own reading of an item command (`/interface/bridge/host add` on a menu the device fills itself).
      if (MENU_COMMANDS[`${menu}/${target}`]) return { status: 200, body: await MENU_COMMANDS[`${menu}/${target}`](state, body, signal) };
      if (menu === 'system/script/job' && target === 'remove') return removeJobs(state, body);
      return { status: 200, body: runItemCommand(state, menu, target, body) };
    default:
      throw new RestError(400, `unsupported method ${req.method}`);
  }
}
