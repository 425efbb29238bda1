import { createPrivateKey, createPublicKey, generateKeyPairSync } from 'node:crypto';
import type { Row } from '../rest/print-query';
import { invalidArg, numberIn } from './arg-rules';
import { interfaceCounters } from './interface-traffic';
import type { MenuSpec, ReadContext } from './menu-spec';

/** WireGuard keys are 32 bytes in standard base64 (44 characters with the `=` pad), as `wg genkey` prints them. */
const KEY = /^[A-Za-z0-9+/]{43}=$/;

const fromUrl = (b64url: string) => Buffer.from(b64url, 'base64url').toString('base64');
const toUrl = (b64: string) => Buffer.from(b64, 'base64').toString('base64url');

/** A new private key, as RouterOS makes one for an interface added without `private-key`. */
export function newPrivateKey(): string {
  const jwk = generateKeyPairSync('x25519').privateKey.export({ format: 'jwk' });
  return fromUrl(jwk.d!);
}

/** The Curve25519 public key of a base64 private key (RouterOS's read-only `public-key`). */
export function publicKeyOf(privateKey: string): string {
  const key = createPrivateKey({ key: { kty: 'OKP', crv: 'X25519', d: toUrl(privateKey), x: '' }, format: 'jwk' });
  return fromUrl(createPublicKey(key).export({ format: 'jwk' }).x!);
}

/**
 * Key arguments must be 32-byte base64 keys and ports and MTUs within the manual's ranges. RouterOS's exact text for a
 * malformed key is not documented: `invalid value for argument <key>`, the text of every other refused value, is the
 * choice (docs/simulator.md).
 */
function wireguardArg(key: string, value: string): string | undefined {
  switch (key) {
    case 'private-key': case 'public-key': case 'preshared-key':
      if (!KEY.test(value) || Buffer.from(value, 'base64').length !== 32) throw invalidArg(key);
      return value;
    case 'listen-port': case 'endpoint-port': case 'client-listen-port':
      return numberIn(key, value, 0, 65535);
    case 'mtu':
      return numberIn(key, value, 0, 65536);
  }
  return undefined;
}

/** No simulated peer ever answers, so a peer has no handshake and its counters stay at zero (chosen, docs/simulator.md). */
function peerState(): Record<string, string> {
  return { rx: '0', tx: '0', 'current-endpoint-address': '', 'current-endpoint-port': '0', dynamic: 'false' };
}

/**
 * `/interface/wireguard` and its peers (MikroTik manual, WireGuard): an interface listens on 13231 with an MTU of
 * 1420 unless told otherwise, gets a fresh private key when added without one, and shows the public key computed
 * from it; it joins `/interface` as type `wg`, named `wireguard1`, `wireguard2`… when added without a name. The private key is sensitive (hidden by `/export` unless
 * `show-sensitive`). A peer names its interface and carries the other side's public key.
 */
export const WIREGUARD_MENUS: MenuSpec[] = [
  {
    path: 'interface/wireguard', kind: 'table', writable: true, bools: ['disabled'], idGroup: 'interface', interfaceType: 'wg', unique: 'name', autoName: 'wireguard',
    defaults: { disabled: 'false' },
    // Stored, not defaults: RouterOS's exports print them (`add listen-port=13231 mtu=1420 name=wireguard1`).
    derive: (values) => ({ 'listen-port': '13231', mtu: '1420', ...(values['private-key'] ? {} : { 'private-key': newPrivateKey() }) }),
    argRule: wireguardArg,
    sensitive: ['private-key'],
    computed: (row: Row, ctx: ReadContext) => ({ ...interfaceCounters(row, ctx), 'public-key': row['private-key'] ? publicKeyOf(row['private-key']) : '', running: String(row['disabled'] !== 'true') }),
  },
  {
    path: 'interface/wireguard/peers', kind: 'table', writable: true, bools: ['disabled'], required: ['interface', 'public-key'],
    refs: { interface: 'interface/wireguard' }, defaults: { disabled: 'false', 'allowed-address': '', 'persistent-keepalive': '0s' },
    argRule: wireguardArg,
    sensitive: ['preshared-key', 'private-key'],
    computed: peerState,
  },
];

