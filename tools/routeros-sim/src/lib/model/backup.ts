import { errors, RestError } from '../rest/rest-error';
import type { DeviceState } from './device-state';
import { backupSize, Configuration, defaultBackupName, passwordDigest } from './files';

/** The encryption algorithms `/system backup save encryption=` takes (MikroTik's Backup manual). */
const ENCRYPTIONS = ['aes-sha256', 'rc4'];

const yes = (value: unknown) => value === true || value === 'yes' || value === 'true' || value === '';

const text = (body: Record<string, unknown>, key: string): string | undefined => {
  const value = body[key];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw errors.invalidValue(key, JSON.stringify(value));
  return value;
};

/** `NAME` or `NAME.backup`: the file a backup name means (RouterOS adds the extension when it is missing). */
const backupFile = (name: string) => (name.endsWith('.backup') ? name : `${name}.backup`);

/**
 * `/system backup save [name=] [password=] [dont-encrypt=yes] [encryption=aes-sha256|rc4]`: captures the whole
 * configuration into `<name>.backup` in `/file` (a binary file: no `contents`). As the manual says since 6.43, a
 * backup without a password is not encrypted; `dont-encrypt=yes` saves it unencrypted even with one (chosen: the
 * password is then ignored). The password is kept only as a digest.
 */
export function saveBackup(state: DeviceState, body: Record<string, unknown>): void {
  const identity = state.singleton('system/identity')['name'] || 'MikroTik';
  const name = text(body, 'name') ?? defaultBackupName(identity, state.readContext().now);
  if (name === '' || name.split('/').includes('..') || /[\0\r\n]/.test(name)) throw errors.invalidValue('name', name);
  const encryption = text(body, 'encryption') ?? 'aes-sha256';
  if (!ENCRYPTIONS.includes(encryption)) throw errors.noMatch('encryption');
  const password = text(body, 'password');
  const encrypted = !!password && !yes(body['dont-encrypt'] ?? 'no');
  const configuration: Configuration = state.configuration();
  state.writeFile(backupFile(name), 'backup', undefined, {
    '.size': String(backupSize(configuration)),
    '.backup': JSON.stringify(configuration),
    ...(encrypted ? { '.password': passwordDigest(password!), '.encryption': encryption } : {}),
  });
}

/**
 * `/system backup load name= [password=]`: restores the configuration the backup captured and reboots. A name that is
 * no backup file, or a wrong password for an encrypted one, is refused and changes nothing (chosen wordings:
 * `failure: no such backup file`, `failure: wrong password`; the manual gives none).
 */
export function loadBackup(state: DeviceState, body: Record<string, unknown>): void {
  const name = text(body, 'name');
  if (name === undefined || name === '') throw errors.missingValue('name');
  const file = state.fileRow(name) ?? state.fileRow(backupFile(name));
  if (!file || file['.backup'] === undefined) throw new RestError(400, 'failure: no such backup file');
  if (file['.password'] !== undefined && passwordDigest(text(body, 'password') ?? '') !== file['.password']) throw new RestError(400, 'failure: wrong password');
  state.restoreConfiguration(JSON.parse(file['.backup']) as Configuration);
}
