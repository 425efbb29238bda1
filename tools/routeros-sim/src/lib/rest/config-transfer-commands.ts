import type { DeviceState } from '../model/device-state';
import { publicKeyOf } from '../model/wireguard';
import { commandItems } from './command-items';
import type { MenuCommand } from './menu-commands';
import type { Row } from './print-query';
import { errors, RestError } from './rest-error';

/**
 * WireGuard and OpenVPN configuration files in and out (WireGuard and OpenVPN manuals; issue 23). The files are the
 * formats the other side reads: wg-quick's `[Interface]`/`[Peer]` sections and an `.ovpn` client profile. Where the
 * manuals do not say what RouterOS writes or answers, the choices are noted here and in docs/simulator.md: the text is
 * answered as `{"ret": text}` (the console prints it) and, given `file=`, written to `/file` as well; an imported
 * WireGuard interface is named `wireguardN` as an added one; an imported OpenVPN client `ovpn-importN`.
 */
const lines = (pairs: [string, string | undefined][]) => pairs.filter(([, v]) => v !== undefined && v !== '').map(([k, v]) => `${k} = ${v}`);

function fileNameOf(body: Record<string, unknown>, key: string, extension: string): string | undefined {
  const value = body[key];
  if (value === undefined || value === '') return undefined;
  const name = String(value);
  if (!/^[A-Za-z0-9_./-]{1,120}$/.test(name) || name.includes('..')) throw errors.invalidValue(key, name);
  return name.endsWith(extension) ? name : `${name}${extension}`;
}

function answer(state: DeviceState, text: string, file: string | undefined): unknown {
  if (file) state.writeFile(file, '.conf file', text);
  return { ret: text };
}

const endpoint = (row: Row) => (row['endpoint-address'] ? `${row['endpoint-address']}:${row['endpoint-port'] || '13231'}` : undefined);
const keepalive = (value: string | undefined) => (value && value !== '0s' && value !== '0' ? String(Number.parseInt(value, 10) || 0) : undefined);

/** `/interface wireguard wg-export number= [file=]`: the interface and its peers as wg-quick reads them. */
const wgExport: MenuCommand = (state, body) => {
  const [wg] = commandItems(state, 'interface/wireguard', body, 'number');
  const addresses = state.list('ip/address').filter((a) => a['interface'] === wg['name']).map((a) => a['address']);
  const peers = state.list('interface/wireguard/peers').filter((p) => p['interface'] === wg['name']).map((p) => state.rawRow('interface/wireguard/peers', p['.id'])!);
  const text = [
    '[Interface]',
    ...lines([['Address', addresses.join(', ')], ['ListenPort', wg['listen-port']], ['PrivateKey', wg['private-key']]]),
    ...peers.flatMap((p) => ['', '[Peer]', ...lines([['PublicKey', p['public-key']], ['PresharedKey', p['preshared-key']], ['AllowedIPs', (p['allowed-address'] ?? '').split(',').filter(Boolean).join(', ')], ['Endpoint', endpoint(p)], ['PersistentKeepalive', keepalive(p['persistent-keepalive'])]])]),
  ].join('\n');
  return answer(state, `${text}\n`, fileNameOf(body, 'file', '.conf'));
};

/**
 * `/interface wireguard peers show-client-config number= [file=]`: what the peer's own device needs, from the peer's
 * `client-*` properties (its `private-key`, `client-address`, `client-dns`, `client-endpoint`); the server's side is
 * this interface's public key and port. `AllowedIPs` is everything (`0.0.0.0/0, ::/0`, chosen: RouterOS keeps no
 * client allowed-address).
 */
const showClientConfig: MenuCommand = (state, body) => {
  const [peer] = commandItems(state, 'interface/wireguard/peers', body, 'number');
  const wg = state.rawRow('interface/wireguard', peer['interface']);
  if (!wg) throw errors.noSuchItem();
  const server = peer['client-endpoint'] ? `${peer['client-endpoint']}:${wg['listen-port'] ?? '13231'}` : undefined;
  const text = [
    '[Interface]',
    ...lines([['PrivateKey', peer['private-key']], ['Address', peer['client-address']], ['DNS', peer['client-dns']], ['ListenPort', peer['client-listen-port']]]),
    '',
    '[Peer]',
    ...lines([['PublicKey', wg['private-key'] ? publicKeyOf(wg['private-key']) : undefined], ['PresharedKey', peer['preshared-key']], ['AllowedIPs', '0.0.0.0/0, ::/0'], ['Endpoint', server], ['PersistentKeepalive', keepalive(peer['client-keepalive'])]]),
  ].join('\n');
  return answer(state, `${text}\n`, fileNameOf(body, 'file', '.conf'));
};

/** wg-quick's `[Section]` / `Key = Value` text. */
function parseIni(text: string): { section: string; values: Record<string, string> }[] {
  const sections: { section: string; values: Record<string, string> }[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.replace(/#.*$/, '').trim();
    if (!line) continue;
    const header = /^\[(\w+)\]$/.exec(line);
    if (header) sections.push({ section: header[1].toLowerCase(), values: {} });
    else if (sections.length > 0 && line.includes('=')) {
      const at = line.indexOf('=');
      sections[sections.length - 1].values[line.slice(0, at).trim().toLowerCase()] = line.slice(at + 1).trim();
    } else throw new RestError(400, 'failure: invalid configuration');
  }
  return sections;
}

/**
 * `/interface wireguard wg-import` (7.15 `file=`, 7.20 `config-file=` or `config-string=`): a wg-quick file makes an
 * interface (its private key and port), its peers (key, allowed addresses, endpoint, keepalive) and its addresses.
 * Without exactly one `[Interface]` the text is refused as `failure: invalid configuration` (chosen).
 */
const wgImport: MenuCommand = (state, body) => {
  const fileKey = body['config-file'] !== undefined ? 'config-file' : 'file';
  let text: string;
  if (body['config-string'] !== undefined) text = String(body['config-string']);
  else {
    const name = body[fileKey];
    if (name === undefined || name === '') throw errors.missingValue(state.version.startsWith('7.15') ? 'file' : 'config-file');
    const file = state.fileRow(String(name));
    if (file?.['contents'] === undefined) throw new RestError(400, 'failure: no such file');
    text = file['contents'];
  }
  const sections = parseIni(text);
  const own = sections.filter((s) => s.section === 'interface');
  if (own.length !== 1 || sections.some((s) => s.section !== 'interface' && s.section !== 'peer')) throw new RestError(400, 'failure: invalid configuration');
  const i = own[0].values;
  const wg = state.add('interface/wireguard', { ...(i['privatekey'] ? { 'private-key': i['privatekey'] } : {}), ...(i['listenport'] ? { 'listen-port': i['listenport'] } : {}), ...(i['mtu'] ? { mtu: i['mtu'] } : {}) });
  for (const peer of sections.filter((s) => s.section === 'peer').map((s) => s.values)) {
    const [host, port] = peer['endpoint'] ? splitEndpoint(peer['endpoint']) : [undefined, undefined];
    state.add('interface/wireguard/peers', {
      interface: wg['name'], 'public-key': peer['publickey'] ?? '',
      ...(peer['allowedips'] ? { 'allowed-address': peer['allowedips'].replace(/\s+/g, '') } : {}),
      ...(peer['presharedkey'] ? { 'preshared-key': peer['presharedkey'] } : {}),
      ...(host ? { 'endpoint-address': host, 'endpoint-port': port } : {}),
      ...(peer['persistentkeepalive'] ? { 'persistent-keepalive': `${peer['persistentkeepalive']}s` } : {}),
    });
  }
  for (const address of (i['address'] ?? '').split(',').map((a) => a.trim()).filter((a) => a && !a.includes(':'))) state.add('ip/address', { address, interface: wg['name'] });
  return [];
};

function splitEndpoint(value: string): [string, string] {
  const at = value.lastIndexOf(':');
  if (at < 0) return [value, '51820'];
  return [value.slice(0, at).replace(/^\[|\]$/g, ''), value.slice(at + 1)];
}

/** `<ca>…</ca>` and other inline blocks of an .ovpn profile, and its directive lines. */
function parseOvpn(text: string): { directives: Map<string, string[]>; blocks: Map<string, string> } {
  const blocks = new Map<string, string>();
  const rest = text.replace(/<([a-z-]+)>([\s\S]*?)<\/\1>/g, (_m, tag: string, body: string) => {
    blocks.set(tag, body.trim());
    return '';
  });
  const directives = new Map<string, string[]>();
  for (const raw of rest.split(/\r?\n/)) {
    const line = raw.replace(/^\s*[#;].*$/, '').trim();
    if (!line) continue;
    const [word, ...args] = line.split(/\s+/);
    if (!directives.has(word)) directives.set(word, args);
  }
  return { directives, blocks };
}

/**
 * `/interface ovpn-client import-ovpn-configuration file-name= [ovpn-user=] [ovpn-password=] [skip-cert-import]`:
 * an .ovpn client profile (`remote`, `proto`, `cipher`, `auth`, inline certificates) makes an `/interface ovpn-client`.
 * The profile must name a `remote` (else `failure: no remote specified in configuration`, chosen); inline
 * certificates are imported as `/certificate import` would only from files, so the simulator leaves them out and the
 * client does not verify the server (chosen; `skip-cert-import` then changes nothing).
 */
const importOvpn: MenuCommand = (state, body) => {
  const name = body['file-name'];
  if (name === undefined || name === '') throw errors.missingValue('file-name');
  const file = state.fileRow(String(name));
  if (file?.['contents'] === undefined) throw new RestError(400, 'failure: no such file');
  const { directives } = parseOvpn(file['contents']);
  const remote = directives.get('remote');
  if (!remote?.[0]) throw new RestError(400, 'failure: no remote specified in configuration');
  const proto = (directives.get('proto')?.[0] ?? 'udp').startsWith('tcp') ? 'tcp' : 'udp';
  const taken = new Set(state.list('interface').map((r) => r['name']));
  let n = 1;
  while (taken.has(`ovpn-import${n}`)) n++;
  state.add('interface/ovpn-client', {
    name: `ovpn-import${n}`, 'connect-to': remote[0], port: remote[1] ?? '1194', protocol: proto,
    ...(body['ovpn-user'] !== undefined ? { user: String(body['ovpn-user']) } : {}),
    ...(body['ovpn-password'] !== undefined ? { password: String(body['ovpn-password']) } : {}),
  });
  return [];
};

/**
 * `/interface ovpn-server server export-client-configuration server-address= [ca-certificate=] [client-certificate=]
 * [client-cert-key=]` (7.20 also `server=`): an .ovpn profile for a client of this server (its port, protocol,
 * cipher and auth), certificates inline; written to `/file` as `client<N>.ovpn` (chosen name, RouterOS's is not
 * documented) and answered as text. The certificates must exist (`input does not match any value of
 * ca-certificate`); a client key needs the certificate's private key (`failure: certificate has no private key`).
 */
const exportOvpn: MenuCommand = (state, body) => {
  if (body['server-address'] === undefined || body['server-address'] === '') throw errors.missingValue('server-address');
  // 7.15's server is one settings object; 7.20's a table of servers (`server=` names one, else the first).
  const menu = 'interface/ovpn-server/server';
  const table = state.menu(menu)?.kind === 'table';
  const server = !table ? state.singleton(menu) : body['server'] === undefined ? state.list(menu)[0] : state.rawRow(menu, String(body['server']));
  if (!server) throw body['server'] === undefined ? errors.missingValue('server') : errors.noMatch('server');
  const cert = (key: string) => {
    if (body[key] === undefined || body[key] === '' || body[key] === 'none') return undefined;
    const row = state.rawRow('certificate', String(body[key]));
    if (!row) throw errors.noMatch(key);
    return row;
  };
  const ca = cert('ca-certificate');
  const client = cert('client-certificate');
  const wantKey = body['client-cert-key'] !== undefined && body['client-cert-key'] !== 'no';
  if (wantKey && client && client['.key'] === undefined) throw new RestError(400, 'failure: certificate has no private key');
  const proto = server['protocol'] === 'udp' ? 'udp' : 'tcp-client';
  const text = [
    'client', 'dev tun', `proto ${proto}`, `remote ${String(body['server-address'])} ${server['port'] ?? '1194'}`, 'nobind', 'persist-key', 'persist-tun',
    `cipher ${(server['cipher'] ?? 'aes256-cbc').split(',')[0].replace(/^aes(\d+)-(\w+)$/, 'AES-$1-$2').toUpperCase()}`,
    `auth ${(server['auth'] ?? 'sha1').split(',')[0].toUpperCase()}`, 'auth-user-pass', 'verb 3',
    ...(ca?.['.pem'] ? ['<ca>', ca['.pem'].trim(), '</ca>'] : []),
    ...(client?.['.pem'] ? ['<cert>', client['.pem'].trim(), '</cert>'] : []),
    ...(wantKey && client?.['.key'] ? ['<key>', client['.key'].trim(), '</key>'] : []),
  ].join('\n');
  const taken = new Set(state.list('file').map((f) => f['name']));
  let n = 1;
  while (taken.has(`client${n}.ovpn`)) n++;
  state.writeFile(`client${n}.ovpn`, '.ovpn file', `${text}\n`);
  return { ret: `${text}\n` };
};

export const CONFIG_TRANSFER_COMMANDS: Record<string, MenuCommand> = {
  'interface/wireguard/wg-export': wgExport,
  'interface/wireguard/peers/show-client-config': showClientConfig,
  'interface/wireguard/wg-import': wgImport,
  'interface/ovpn-client/import-ovpn-configuration': importOvpn,
  'interface/ovpn-server/server/export-client-configuration': exportOvpn,
};
