import { createPublicKey } from 'node:crypto';
import { utils } from 'ssh2';
import { commandItems } from './command-items';
import type { MenuCommand } from './menu-commands';
import type { Row } from './print-query';
import { unreachable } from './reach-out-commands';
import { errors, RestError } from './rest-error';

/**
 * The last commands of issue 23, each answered as a router whose state the simulator models would answer; choices
 * (texts, field names, what a command leaves behind) are noted beside each and in docs/simulator.md.
 */
const required = (body: Record<string, unknown>, key: string): string => {
  const value = body[key];
  if (value === undefined || value === '') throw errors.missingValue(key);
  return String(value);
};

const nothing: MenuCommand = () => [];

/**
 * `/tool sms send phone-number= message= [port=]`: SMS goes out through an LTE or serial modem's port (the SMS
 * manual); the command's `port`, else `/tool sms`'s, must name one, and no profile has a modem, so it ends at
 * `failure: no port configured` (chosen text) or, for a port that is no interface, `input does not match any value
 * of port`.
 */
const smsSend: MenuCommand = (state, body) => {
  required(body, 'phone-number');
  const port = body['port'] !== undefined ? String(body['port']) : String(state.singleton('tool/sms')['port'] ?? '');
  if (!port || port === 'none') throw new RestError(400, 'failure: no port configured');
  if (!state.list('interface').some((i) => i['name'] === port)) throw errors.noMatch('port');
  throw new RestError(400, 'failure: modem is not ready');
};

/** MikroTik's cloud backup service (the Cloud manual): reached as other hosts are, and it never answers here. */
const CLOUD = 'cloud.mikrotik.com';

/**
 * `/system backup cloud upload-file action=create-and-upload|upload [src-file=] [password=]`: `create-and-upload`
 * needs the backup's `password`, `upload` an existing `src-file` (a `.backup`); then the cloud is reached and never
 * answers (`failure: connection to A:443 failed: …`, as the reach-out commands).
 */
const cloudUpload: MenuCommand = (state, body) => {
  const action = body['action'] === undefined ? 'create-and-upload' : String(body['action']);
  if (action === 'upload') {
    const src = required(body, 'src-file');
    if (!state.fileRow(src)) throw new RestError(400, 'failure: no such file');
  } else required(body, 'password');
  unreachable(state, CLOUD, 443);
};

/**
 * `/ip hotspot active login user= ip= [password=] [mac-address=]` (HotSpot manual): logs a host in as a hotspot user.
 * The user must exist (`input does not match any value of user`) and the password match (`failure: invalid username
 * or password`, chosen), and the host must be one the hotspot has seen: no host ever reaches a simulated hotspot, so
 * it ends at `failure: no such host` (chosen).
 */
const hotspotLogin: MenuCommand = (state, body) => {
  const name = required(body, 'user');
  const ip = required(body, 'ip');
  const user = state.list('ip/hotspot/user').map((u) => state.rawRow('ip/hotspot/user', u['.id'])!).find((u) => u['name'] === name);
  if (!user) throw errors.noMatch('user');
  if ((user['password'] ?? '') !== String(body['password'] ?? '')) throw new RestError(400, 'failure: invalid username or password');
  if (!state.list('ip/hotspot/host').some((h) => h['address'] === ip)) throw new RestError(400, 'failure: no such host');
  return [];
};

/** `/task terminate id=`: no task runs on the simulator, so every id is `no such item` (chosen; `/task` is undocumented). */
const taskTerminate: MenuCommand = (state, body) => {
  const id = required(body, 'id');
  if (!state.list('task').some((t) => t['.id'] === id)) throw errors.noSuchItem();
  return [];
};

/** Routing's Graphviz dump of its next hops (undocumented; chosen): one node per `/routing nexthop` entry. */
const dumpDot: MenuCommand = (state) => {
  const nodes = state.list('routing/nexthop').map((n) => `  "${n['address'] ?? n['.id']}";`);
  return { ret: ['digraph nexthops {', ...nodes, '}'].join('\n') + '\n' };
};

const FILTER_WORDS = new Set(['chain', 'action', 'jump-target-chain', 'as-value']);

/**
 * 7.20's `/routing filter filter-wizard chain= [matchers…] [set-…] [action=]` (undocumented; chosen reading): it
 * writes the matchers and `set-` values as one `/routing filter rule` of RouterOS's filter syntax (`if (dst in
 * 10.0.0.0/8 && protocol == bgp) { set distance 20; accept }`).
 */
const filterWizard: MenuCommand = (state, body) => {
  const chain = required(body, 'chain');
  const conditions: string[] = [];
  const sets: string[] = [];
  for (const [key, raw] of Object.entries(body)) {
    if (FILTER_WORDS.has(key) || key.startsWith('.')) continue;
    const value = String(raw);
    if (key.startsWith('set-')) sets.push(`set ${key.slice(4)} ${value}`);
    else if (key === 'dst') conditions.push(`dst in ${value}`);
    else conditions.push(`${key} == ${value}`);
  }
  const action = body['action'] === undefined ? 'accept' : String(body['action']);
  if (action === 'jump' && body['jump-target-chain'] === undefined) throw errors.missingValue('jump-target-chain');
  const verdict = action === 'jump' ? `jump ${String(body['jump-target-chain'])}` : action;
  const statements = [...sets, verdict].join('; ');
  const rule = conditions.length > 0 ? `if (${conditions.join(' && ')}) { ${statements} }` : statements;
  state.add('routing/filter/rule', { chain, rule });
  return [];
};

/** `/interface bridge host add bridge= mac-address= interface= [vid=]`: a static host entry on one of the bridge's ports. */
const bridgeHostAdd: MenuCommand = (state, body) => {
  const bridge = required(body, 'bridge');
  const mac = required(body, 'mac-address');
  const iface = required(body, 'interface');
  if (!state.list('interface/bridge').some((b) => b['name'] === bridge)) throw errors.noMatch('bridge');
  if (!state.list('interface').some((i) => i['name'] === iface)) throw errors.noMatch('interface');
  if (!state.list('interface/bridge/port').some((p) => p['bridge'] === bridge && p['interface'] === iface)) throw new RestError(400, 'failure: interface is not a port of this bridge');
  const row: Row = { 'mac-address': mac.toUpperCase(), interface: iface, 'on-interface': iface, bridge, ...(body['vid'] !== undefined ? { vid: String(body['vid']) } : {}), disabled: String(body['disabled'] === 'yes' || body['disabled'] === 'true'), dynamic: 'false', local: 'false', external: 'false', invalid: 'false', ...(body['comment'] !== undefined ? { comment: String(body['comment']) } : {}) };
  return state.commandInsert('interface/bridge/host', row);
};

/** An SSH private key's type and size, read as ssh2 reads a key file (with its passphrase). */
function privateKeyFacts(text: string, passphrase?: string): { type: string; bits: string; comment: string } {
  const parsed = utils.parseKey(text, passphrase);
  const key = Array.isArray(parsed) ? parsed[0] : parsed;
  if (key instanceof Error || !key || !key.isPrivateKey()) throw new RestError(400, 'failure: unable to load key file (wrong format or bad passphrase)!');
  const type = key.type === 'ssh-rsa' ? 'rsa' : key.type === 'ssh-ed25519' ? 'ed25519' : key.type.startsWith('ecdsa') ? 'ecdsa' : key.type;
  const bits = type === 'rsa' ? String(createPublicKey(key.getPublicPEM()).asymmetricKeyDetails?.modulusLength ?? 0) : type === 'ed25519' ? '256' : (/nistp(\d+)/.exec(key.type)?.[1] ?? '');
  return { type, bits, comment: key.comment ?? '' };
}

/**
 * `/user ssh-keys private import user= private-key-file= [passphrase=] [key-owner=]` (User manual, SSH keys): the
 * private key the user's `/system ssh` presents, read from a file in `/file`; the user must exist, the key be
 * readable with the passphrase (the public-key import's refusal text), a missing file `failure: no such file`.
 */
const importPrivateKey: MenuCommand = (state, body) => {
  const user = required(body, 'user');
  const fileName = required(body, 'private-key-file');
  if (!state.list('user').some((u) => u['name'] === user)) throw errors.noMatch('user');
  const file = state.fileRow(fileName);
  if (file?.['contents'] === undefined) throw new RestError(400, 'failure: no such file');
  const facts = privateKeyFacts(file['contents'], body['passphrase'] === undefined ? undefined : String(body['passphrase']));
  state.commandInsert('user/ssh-keys/private', { user, 'key-type': facts.type, bits: facts.bits, 'key-owner': body['key-owner'] !== undefined ? String(body['key-owner']) : facts.comment, '.key': file['contents'] });
  return [];
};

export const LEFTOVER_COMMANDS: Record<string, MenuCommand> = {
  'tool/sms/send': smsSend,
  'system/backup/cloud/upload-file': cloudUpload,
  'system/backup/cloud/remove-file': (state, body) => {
    commandItems(state, 'system/backup/cloud', body, 'number');
    unreachable(state, CLOUD, 443);
  },
  'ip/hotspot/active/login': hotspotLogin,
  'ip/hotspot/reset-html': (state, body) => {
    commandItems(state, 'ip/hotspot', body);
    return [];
  },
  // The simulator serves no proxy error pages of its own, so there is nothing to put back (chosen).
  'ip/proxy/reset-html': nothing,
  // No task runs, so there is none to switch to.
  'task/next': nothing,
  'task/terminate': taskTerminate,
  // USB power is cut for `duration` and comes back; nothing is plugged into a simulated port (chosen: answers at once).
  'system/resource/pci/usb-power-reset': nothing,
  'system/resource/hardware/usb-power-reset': nothing,
  // No traffic-engineering tunnel is ever up (no RSVP-TE peer answers), so there is no path to reoptimize.
  'mpls/traffic-eng/tunnel/reoptimize': nothing,
  // Routing's trace and discourse are debugging aids (undocumented); they record nothing a client can read (chosen).
  'system/rtrace/start': nothing,
  'system/rtrace/stop': nothing,
  'routing/discourse': nothing,
  'routing/nexthop/dump-dot': dumpDot,
  'routing/filter/filter-wizard': filterWizard,
  // The simulator applies filter rules as they are written: nothing waits to be synced (chosen).
  'routing/filter/sync': nothing,
  'interface/bridge/host/add': bridgeHostAdd,
  // A session is made by logging in; there is nothing to copy one from (chosen text).
  'user/active/add': () => {
    throw new RestError(400, 'failure: sessions are made by logging in');
  },
  'user/ssh-keys/private/import': importPrivateKey,
};
