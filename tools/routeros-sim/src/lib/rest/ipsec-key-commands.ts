import { createPrivateKey, createPublicKey, generateKeyPair } from 'node:crypto';
import { promisify } from 'node:util';
import type { DeviceState } from '../model/device-state';
import type { MenuCommand } from './menu-commands';
import { errors, RestError } from './rest-error';

/**
 * IPsec RSA keys (IPsec manual, "Keys": `/ip ipsec key`, 7.20's `/ip ipsec key rsa`): `generate-key name=
 * [key-size=]` makes a private key, `export-pub-key key= file-name=` writes its public half to a file, `import name=
 * file-name= [passphrase=]` reads a PEM key (private or public) from /file. Keys are real (node:crypto RSA); the key
 * sizes and the refusal texts are chosen (the manual gives neither; docs/simulator.md).
 */
const SIZES = ['1024', '1536', '2048', '3072', '4096', '8192'];
const generate = promisify(generateKeyPair);

const keyMenu = (state: DeviceState) => (state.tree['ip/ipsec/key/rsa'] ? 'ip/ipsec/key/rsa' : 'ip/ipsec/key');

function newName(state: DeviceState, body: Record<string, unknown>): string {
  const name = body['name'];
  if (name === undefined || name === '') throw errors.missingValue('name');
  if (state.rawRow(keyMenu(state), String(name))) throw errors.alreadyExists('such entry');
  return String(name);
}

const generateKey: MenuCommand = async (state, body) => {
  const name = newName(state, body);
  const size = String(body['key-size'] ?? '2048');
  if (!SIZES.includes(size)) throw errors.noMatch('key-size');
  const { privateKey } = await generate('rsa', { modulusLength: Number(size) });
  state.commandInsert(keyMenu(state), { name, 'key-size': size, 'private-key': 'true', '.key': privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() });
  return [];
};

const exportPubKey: MenuCommand = (state, body) => {
  if (body['key'] === undefined) throw errors.missingValue('key');
  const key = state.rawRow(keyMenu(state), String(body['key']));
  if (!key) throw errors.noMatch('key');
  if (body['file-name'] === undefined || body['file-name'] === '') throw errors.missingValue('file-name');
  const file = String(body['file-name']);
  if (!/^[A-Za-z0-9_./-]{1,120}$/.test(file) || file.includes('..')) throw errors.invalidValue('file-name', file);
  const pub = createPublicKey(key['.key']).export({ type: 'spki', format: 'pem' }).toString();
  state.writeFile(file, 'file', pub);
  return [];
};

const importKey: MenuCommand = (state, body) => {
  const name = newName(state, body);
  if (body['file-name'] === undefined) throw errors.missingValue('file-name');
  const file = state.fileRow(String(body['file-name']));
  if (!file) throw new RestError(400, 'failure: no such file');
  const pem = String(file['contents'] ?? '');
  const passphrase = body['passphrase'] === undefined ? undefined : String(body['passphrase']);
  try {
    const privateKey = createPrivateKey({ key: pem, ...(passphrase !== undefined ? { passphrase } : {}) });
    if (privateKey.asymmetricKeyType !== 'rsa') throw new Error('not RSA');
    state.commandInsert(keyMenu(state), { name, 'key-size': String(privateKey.asymmetricKeyDetails?.modulusLength), 'private-key': 'true', '.key': privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() });
  } catch (error) {
    if (error instanceof RestError) throw error;
    const publicKey = (() => {
      try {
        return createPublicKey(pem);
      } catch {
        return undefined;
      }
    })();
    if (!publicKey || publicKey.asymmetricKeyType !== 'rsa') throw new RestError(400, 'failure: unable to load key file (wrong format or bad passphrase)!');
    state.commandInsert(keyMenu(state), { name, 'key-size': String(publicKey.asymmetricKeyDetails?.modulusLength), 'private-key': 'false', '.key': publicKey.export({ type: 'spki', format: 'pem' }).toString() });
  }
  return [];
};

export const IPSEC_KEY_COMMANDS: Record<string, MenuCommand> = Object.fromEntries(
  ['ip/ipsec/key', 'ip/ipsec/key/rsa'].flatMap((menu) => [
    [`${menu}/generate-key`, generateKey],
    [`${menu}/export-pub-key`, exportPubKey],
    [`${menu}/import`, importKey],
  ]),
);
