import type { Row } from '../rest/print-query';
import { errors, RestError } from '../rest/rest-error';
import type { TreeMenu } from '../schema/menu-schema';
import type { MenuSpec, ReadContext } from './menu-spec';
import type { DeviceState } from './device-state';

/**
 * The `container` extra package (MikroTik manual, Container: help.mikrotik.com/docs/display/ROS/Container). The
 * vendored command trees come from devices without it, so its menus are written here from the manual's properties,
 * as the legacy `wireless` package's are: `/container` (add with `remote-image` or `file`, `start`, `stop`),
 * `/container/config` (`registry-url`, `username`, `password`, `tmpdir`, `ram-high`), `/container/envs` and
 * `/container/mounts` (named lists a container names with `envlist=` and `mounts=`). One argument set serves both
 * versions (chosen, docs/simulator.md): the manual's, as RouterOS 7.15 has it; later renames (`list=`, `envlists=`,
 * `mountlists=`) are not modelled.
 */
export const CONTAINER_PACKAGE = 'container';

const PRINT = ['append', 'as-value', 'brief', 'count-only', 'detail', 'file', 'follow', 'follow-only', 'from', 'interval', 'proplist', 'show-ids', 'terse', 'value-list', 'where', 'without-paging'];
const EXPORT = ['compact', 'file', 'hide-sensitive', 'show-sensitive', 'terse', 'verbose', 'where'];
const CONTAINER_ARGS = ['cmd', 'comment', 'dns', 'domain-name', 'entrypoint', 'envlist', 'file', 'hostname', 'interface', 'logging', 'mounts', 'remote-image', 'root-dir', 'start-on-boot', 'stop-signal', 'user', 'workdir'];
const CONFIG_ARGS = ['password', 'ram-high', 'registry-url', 'tmpdir', 'username'];
const ENV_ARGS = ['comment', 'key', 'name', 'value'];
const MOUNT_ARGS = ['comment', 'dst', 'name', 'src'];

function table(add: string[], extra: Record<string, string[]> = {}): TreeMenu {
  const args: Record<string, string[]> = {
    add, set: [...add, 'numbers'].sort(), remove: ['numbers'], print: PRINT, export: EXPORT, find: ['where'], get: ['number', 'value-name'], comment: ['comment', 'numbers'], ...extra,
  };
  return { type: 'dir', commands: Object.keys(args).sort(), args, add: args['add'], set: args['set'], print: PRINT, export: EXPORT, remove: args['remove'] };
}

/** The package's menus as RouterOS's `/console/inspect` would list them (commands and argument names). */
export const CONTAINER_TREE: Record<string, TreeMenu> = {
  container: table(CONTAINER_ARGS, { start: ['numbers'], stop: ['numbers'], shell: ['number'] }),
  'container/config': { type: 'dir', commands: ['export', 'get', 'print', 'set'], args: { set: CONFIG_ARGS, print: ['as-value', 'file', 'interval', 'without-paging'], export: EXPORT, get: ['value-name'] }, set: CONFIG_ARGS, print: ['as-value', 'file', 'interval', 'without-paging'], export: EXPORT },
  'container/envs': table(ENV_ARGS),
  'container/mounts': table(MOUNT_ARGS),
};

/**
 * `/container/config` on a fresh device (the manual: no registry until one is set; `ram-high` 0 is unlimited). An
 * empty `registry-url` pulls from Docker Hub (`registry-1.docker.io`, the manual's example registry).
 */
export const CONTAINER_CONFIG_FACTORY: Readonly<Row> = { 'registry-url': '', username: '', tmpdir: '', 'ram-high': '0' };

/** Device time a new container spends `extracting` its image before it is `stopped` (chosen, docs/simulator.md). */
export const EXTRACT_MS = 5_000;

/** A container's status: `extracting` for a while after it is added, then `stopped` until started. */
export function containerStatus(row: Row, now: number): string {
  if (row['.state'] === 'running') return 'running';
  const created = Date.parse(row['.created'] ?? '');
  return Number.isFinite(created) && now < created + EXTRACT_MS ? 'extracting' : 'stopped';
}

/** Where the image comes from: the registry's host and the image with its tag (`:latest` when none is given). */
function imageOf(row: Row, config: Row | undefined): Record<string, string> {
  const image = row['remote-image'];
  if (!image) return {};
  const host = (config?.['registry-url'] || 'https://registry-1.docker.io').replace(/^https?:\/\//, '').replace(/\/+$/, '');
  const tagged = /:[^/]+$/.test(image) ? image : `${image}:latest`;
  return { repo: `${host}/${tagged}`, tag: tagged.slice(tagged.lastIndexOf(':') + 1) };
}

/** The image's architecture as OCI names it, from the device's (`x86_64` is `amd64`). */
const archOf = (ctx: ReadContext) => {
  const arch = ctx.rowsOf('system/resource')[0]?.['architecture-name'] ?? '';
  return arch === 'x86_64' ? 'amd64' : arch;
};

/** An enumeration of names another menu holds: every comma-separated one must be there. */
function namesIn(key: string, value: string, rows: Row[]): string {
  if (value === '') return value;
  for (const name of value.split(',')) if (!rows.some((r) => r['name'] === name)) throw errors.noMatch(key);
  return value;
}

function containerArg(key: string, value: string, rowsOf: (path: string) => Row[]): string | undefined {
  switch (key) {
    // The manual: "veth interface to be used with the container".
    case 'interface':
      if (rowsOf('interface').find((i) => i['name'] === value)?.['type'] !== 'veth') throw errors.noMatch('interface');
      return value;
    case 'envlist':
      return namesIn('envlist', value, rowsOf('container/envs'));
    case 'mounts':
      return namesIn('mounts', value, rowsOf('container/mounts'));
    // A tarball in /file (the manual's `file=alpine.tar`); RouterOS's refusal is not documented (chosen).
    case 'file':
      if (value !== '' && !rowsOf('file').some((f) => f['name'] === value)) throw new RestError(400, 'failure: no such file');
      return value;
    default:
      return undefined;
  }
}

/** The manual: an image from a registry (`remote-image`) or from a file (`file`), one of the two (wording chosen). */
function checkContainer(row: Row): void {
  const sources = ['remote-image', 'file'].filter((k) => row[k]);
  if (sources.length !== 1) throw new RestError(400, 'failure: specify either remote-image or file');
}

/** `registry-url` is an http(s) URL; `ram-high` bytes with an optional k/M/G unit (0 unlimited). */
function configArg(key: string, value: string): string | undefined {
  if (key === 'registry-url' && value !== '' && !/^https?:\/\/[^\s/]+(\/\S*)?$/.test(value)) throw new RestError(400, 'invalid value for argument registry-url');
  if (key === 'ram-high' && !/^\d+[kKMG]?$/.test(value)) throw new RestError(400, 'invalid value for argument ram-high');
  return undefined;
}

export const CONTAINER_MENUS: MenuSpec[] = [
  {
    path: 'container', kind: 'table', writable: true, package: CONTAINER_PACKAGE, bools: ['logging', 'start-on-boot'], required: ['interface'],
    defaults: { logging: 'false', 'start-on-boot': 'false' }, packageArgs: CONTAINER_ARGS, unmodelled: ['shell'],
    argRule: (key, value, { rowsOf }) => containerArg(key, value, rowsOf), checkRow: checkContainer,
    // A running container is stopped before it goes (wording chosen, docs/simulator.md).
    removeRefusal: (row) => (row['.state'] === 'running' ? 'failure: container is running, stop it first' : undefined),
    computed: (row, ctx) => ({ status: containerStatus(row, ctx.now), os: 'linux', arch: archOf(ctx), ...imageOf(row, ctx.rowsOf('container/config')[0]) }),
  },
  {
    path: 'container/config', kind: 'singleton', writable: true, package: CONTAINER_PACKAGE, factory: CONTAINER_CONFIG_FACTORY, packageArgs: CONFIG_ARGS,
    sensitive: ['password'], argRule: (key, value) => configArg(key, value),
  },
  // Rows sharing a `name` make one list; one key twice in a list is refused (wording chosen).
  {
    path: 'container/envs', kind: 'table', writable: true, package: CONTAINER_PACKAGE, required: ['name', 'key'], defaults: { value: '' }, packageArgs: ENV_ARGS,
    uniqueTogether: { fields: ['name', 'key'], detail: 'failure: already have such entry' },
  },
  { path: 'container/mounts', kind: 'table', writable: true, package: CONTAINER_PACKAGE, unique: 'name', required: ['name', 'src', 'dst'], packageArgs: MOUNT_ARGS },
];

/** What a device with the package starts with: the config's factory values and the package in /system/package. */
export function containerSeed(version: string): Record<string, Row[]> {
  return {
    'container/config': [{ ...CONTAINER_CONFIG_FACTORY }],
    'system/package': [{ name: CONTAINER_PACKAGE, version, 'build-time': '2025-10-01 09:00:00', scheduled: '', disabled: 'false', '.builtin': 'true' }],
  };
}

/** `start`/`stop numbers=…` (REST `POST /container/start`, the console's `/container start 0`). */
function startStop(running: boolean) {
  return (state: DeviceState, body: Record<string, unknown>): unknown => {
    const numbers = body['numbers'] ?? body['.id'];
    if (numbers === undefined) throw errors.missingValue('numbers');
    const rows = String(numbers).split(',').map((id) => {
      const row = state.rawRow('container', id);
      if (!row) throw errors.noSuchItem();
      return row;
    });
    const now = state.readContext().now;
    // Starting one still extracting is refused (wording chosen); starting a running one or stopping a stopped one
    // changes nothing. RouterOS passes through `starting`/`stopping`; here the change is at once (chosen).
    if (running && rows.some((r) => containerStatus(r, now) === 'extracting')) throw new RestError(400, 'failure: container is not ready, wait until its image is extracted');
    for (const row of rows) state.commandUpdate('container', row['.id'], { '.state': running ? 'running' : undefined });
    return [];
  };
}

export const CONTAINER_COMMANDS = { 'container/start': startStop(true), 'container/stop': startStop(false) };
