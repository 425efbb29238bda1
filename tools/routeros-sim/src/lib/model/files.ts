import { createHash } from 'node:crypto';
import type { Row } from '../rest/print-query';
import { errors, RestError } from '../rest/rest-error';
import type { MenuSpec, ReadContext } from './menu-spec';
import { deviceDateTime } from './scheduler';

/**
 * `/file` (MikroTik's Files manual): files and directories, created with `add name= [type=file|directory]
 * [contents=]`, edited with `set contents=`, removed with `remove`. Contents can be read and edited for files up to
 * 60 KB; a binary file (a `.backup`) has none to show.
 */
export const FILE_CONTENTS_LIMIT = 60 * 1024;

/**
 * The type `/file print` shows: what the file is by its name (`backup`, `script` for `.rsc`, `package`), otherwise
 * `.ext file` as in the manual's `.txt file` / `.json file` listings, or `file` without an extension.
 */
export function fileType(name: string, stored: string | undefined): string {
  if (stored !== undefined && stored !== 'file') return stored;
  const base = name.split('/').pop() ?? name;
  const ext = base.includes('.') ? base.slice(base.lastIndexOf('.')).toLowerCase() : '';
  if (ext === '.backup') return 'backup';
  if (ext === '.rsc') return 'script';
  if (ext === '.npk') return 'package';
  return ext ? `${ext} file` : 'file';
}

/** `type` takes `file` or `directory` (the manual's property table); names are paths without `..` or empty parts. */
function fileArg(key: string, value: string): string | undefined {
  if (key === 'type' && value !== 'file' && value !== 'directory') throw errors.noMatch('type');
  if (key === 'name' && (value === '' || value.split('/').some((part) => part === '..') || /\/\/|[\0\r\n]/.test(value))) throw errors.invalidValue('name', value);
  if (key === 'name') return value.replace(/^\/+/, '').replace(/\/+$/, '');
  // Chosen without a source: RouterOS refuses contents beyond what it can edit (60 KB) with the string-length text.
  if (key === 'contents' && Buffer.byteLength(value) > FILE_CONTENTS_LIMIT) throw errors.invalidValue('contents', `${value.slice(0, 16)}…`);
  return undefined;
}

/** Size, type and times as a router computes them; a directory or disk has no size of its own. */
function fileState(row: Row, ctx: ReadContext): Record<string, string> {
  const type = fileType(row['name'] ?? '', row['type']);
  const created = row['creation-time'] ?? (row['.created'] ? deviceDateTime(Date.parse(row['.created'])) : '');
  const text = row['contents'] !== undefined;
  const size = row['.size'] ?? (text ? String(Buffer.byteLength(row['contents'])) : row['size']);
  const modified = row['.modified'] ? deviceDateTime(Number(row['.modified'])) : created;
  // RouterOS 7.16 and later print `last-modified` (the manual's 7.16.1 listing); `creation-time` stays for older clients.
  const later = ctx.version.localeCompare('7.16', undefined, { numeric: true }) >= 0;
  return { type, ...(size !== undefined && type !== 'directory' && type !== 'disk' ? { size } : {}), 'creation-time': created, ...(later ? { 'last-modified': modified } : {}) };
}

export const FILE_MENU: MenuSpec = {
  path: 'file', kind: 'table', writable: true, unique: 'name', required: ['name'], defaults: { type: 'file' },
  argRule: fileArg, computed: fileState,
};

/** Checks a file row as it would be stored: only files carry contents, and a directory's contents are its files. */
export function checkFileRow(row: Row): void {
  // Chosen wording (the manual: contents "works only for type=file").
  if (row['type'] === 'directory' && row['contents'] !== undefined) throw new RestError(400, 'failure: contents can be set only for files');
  if (row['.backup'] !== undefined && row['contents'] !== undefined) throw new RestError(400, 'failure: contents can be set only for files');
}

/** The menus a backup holds: every configuration table, never files or logs (state, not configuration). */
export type Configuration = Record<string, Row[]>;

/** One-way digest of a backup's password: the simulator never keeps the password itself. */
export const passwordDigest = (password: string) => createHash('sha256').update(`routeros-sim backup\0${password}`).digest('hex');

/**
 * RouterOS names a backup saved without `name` after the identity and the time: `MikroTik-20241125-1314.backup`
 * (the form published listings and MikroTik's forum show; the manual only ever passes `name`).
 */
export function defaultBackupName(identity: string, nowMs: number): string {
  const at = deviceDateTime(nowMs);
  return `${identity}-${at.slice(0, 10).replace(/-/g, '')}-${at.slice(11, 16).replace(':', '')}`;
}

/**
 * A plausible size for a binary backup of `configuration`: a fixed header and system part plus the configuration in
 * RouterOS's binary records (chosen: about twice the JSON's size; real small-router backups are tens of KB).
 */
export function backupSize(configuration: Configuration): number {
  return 24_576 + 2 * Buffer.byteLength(JSON.stringify(configuration));
}

/** RouterOS's largest `/file/read chunk-size` (published client libraries use 32768 as its upper bound). */
export const FILE_READ_CHUNK_MAX = 32_768;

/**
 * `/file/read file= [offset=] [chunk-size=]`: up to `chunk-size` bytes of a text file from `offset`, answered as
 * `[{"data": …}]` (chosen without a source: the shape of RouterOS's other value-returning commands over REST). A
 * binary file has no bytes in the simulator, so reading one is refused as not simulated.
 */
export function readFileChunk(file: Row | undefined, body: Record<string, unknown>): { data: string }[] {
  if (body['file'] === undefined || body['file'] === '') throw errors.missingValue('file');
  if (!file) throw errors.noMatch('file');
  const whole = (key: string, fallback: number, max: number) => {
    if (body[key] === undefined) return fallback;
    const n = /^\d+$/.test(String(body[key])) ? Number(body[key]) : NaN;
    if (!(n >= 0 && n <= max)) throw errors.invalidValue(key, String(body[key]));
    return n;
  };
  const offset = whole('offset', 0, 4_294_967_295);
  const size = whole('chunk-size', FILE_READ_CHUNK_MAX, FILE_READ_CHUNK_MAX);
  if (file['contents'] === undefined) throw errors.notSimulated('file/read');
  return [{ data: Buffer.from(file['contents']).subarray(offset, offset + size).toString() }];
}
