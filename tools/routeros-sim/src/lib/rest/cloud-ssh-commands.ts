import { createPrivateKey } from 'node:crypto';
import { utils } from 'ssh2';
import { servableKey } from '../identity/openssh-key';
import type { DeviceState } from '../model/device-state';
import type { MenuCommand } from './menu-commands';
import { errors, RestError } from './rest-error';

/** What serves a device's SSH: given the new key's type and size, starts serving a fresh host key. */
export type HostKeyRegenerator = (type: 'ed25519' | 'rsa', bits: number) => Promise<void>;

const REGENERATORS = new WeakMap<DeviceState, HostKeyRegenerator>();

/** The device (sim-device.ts) registers how its SSH host key is replaced; a bare model (unit specs) has none. */
export function onHostKeyRegenerate(state: DeviceState, regenerate: HostKeyRegenerator): void {
  REGENERATORS.set(state, regenerate);
}

/**
 * `/ip/ssh regenerate-host-key` (SSH manual): a new key of `host-key-type`/`host-key-size` is served from now on, so
 * a client that pinned the old one (the product's pinned identity) refuses the device until it is re-pinned, as
 * with a real router. Open sessions keep their connection. The console's confirmation prompt is not asked (chosen).
 */
async function regenerateHostKey(state: DeviceState): Promise<unknown> {
  const settings = state.singleton('ip/ssh');
  const type = settings['host-key-type'] === 'rsa' ? 'rsa' : 'ed25519';
  await REGENERATORS.get(state)?.(type, Number(settings['host-key-size'] ?? 2048));
  return [];
}

/** What serves a device's SSH: the private key it serves now (OpenSSH or PEM text), and how to serve another. */
export interface HostKeyHolder {
  current(): string;
  replace(privateKey: string): void;
}

const HOLDERS = new WeakMap<DeviceState, HostKeyHolder>();

export function onHostKeyExchange(state: DeviceState, holder: HostKeyHolder): void {
  HOLDERS.set(state, holder);
}

const BAD_KEY = 'failure: unable to load key file (wrong format or bad passphrase)!';

/**
 * `/ip ssh export-host-key key-file-prefix= [passphrase=]` (SSH manual): the key the device serves goes to `/file` as
 * `<prefix>_<type>` (private) and `<prefix>_<type>.pub` (an OpenSSH public line). Without a passphrase the private
 * key is written as the device holds it (OpenSSH); with one as an encrypted PKCS#8 PEM (chosen: the format is not
 * documented). The private key is sensitive: the command needs the `sensitive` policy (chosen).
 */
const exportHostKey: MenuCommand = (state, body) => {
  const prefix = body['key-file-prefix'];
  if (prefix === undefined || prefix === '') throw errors.missingValue('key-file-prefix');
  if (!/^[A-Za-z0-9_./-]{1,100}$/.test(String(prefix)) || String(prefix).includes('..')) throw errors.invalidValue('key-file-prefix', String(prefix));
  const holder = HOLDERS.get(state);
  if (!holder) throw new RestError(400, 'failure: no host key');
  const text = holder.current();
  const parsed = utils.parseKey(text);
  const key = Array.isArray(parsed) ? parsed[0] : parsed;
  if (key instanceof Error) throw new RestError(400, 'failure: no host key');
  const type = key.type === 'ssh-rsa' ? 'rsa' : key.type === 'ssh-ed25519' ? 'ed25519' : 'ecdsa';
  const passphrase = body['passphrase'] === undefined || body['passphrase'] === '' ? undefined : String(body['passphrase']);
  const privateText = passphrase === undefined ? text : createPrivateKey(key.getPrivatePEM()).export({ type: 'pkcs8', format: 'pem', cipher: 'aes-256-cbc', passphrase }).toString();
  state.writeFile(`${String(prefix)}_${type}`, 'file', privateText);
  state.writeFile(`${String(prefix)}_${type}.pub`, '.pub file', `${key.type} ${key.getPublicSSH().toString('base64')}\n`);
  return [];
};

/**
 * `/ip ssh import-host-key private-key-file= [passphrase=]`: the device serves that key from the next connection
 * on (a client that pinned the old one refuses it, as after `regenerate-host-key`). A missing file is `failure: no
 * such file`, an unreadable key the public-key import's text (chosen, as `/user ssh-keys import`).
 */
const importHostKey: MenuCommand = (state, body) => {
  const name = body['private-key-file'];
  if (name === undefined || name === '') throw errors.missingValue('private-key-file');
  const file = state.fileRow(String(name));
  if (file?.['contents'] === undefined) throw new RestError(400, 'failure: no such file');
  const key = servableKey(file['contents'], body['passphrase'] === undefined ? undefined : String(body['passphrase']));
  if (!key) throw new RestError(400, BAD_KEY);
  const holder = HOLDERS.get(state);
  if (!holder) throw new RestError(400, 'failure: no host key');
  holder.replace(key);
  return [];
};

/** `/ip/cloud force-update`: no cloud server answers, so there is nothing new to show (chosen, docs/simulator.md). */
const forceUpdate: MenuCommand = () => [];

export const CLOUD_SSH_COMMANDS: Record<string, MenuCommand> = {
  'ip/ssh/regenerate-host-key': regenerateHostKey,
  'ip/cloud/force-update': forceUpdate,
  'ip/ssh/export-host-key': exportHostKey,
  'ip/ssh/import-host-key': importHostKey,
};
