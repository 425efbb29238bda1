import ipaddr from 'ipaddr.js';
import type { Row } from '../rest/print-query';
import type { MenuSpec, ReadContext } from './menu-spec';
import { oneOf, strictBool } from './menu-values';
import { lookupRoute } from './routing';
import { noise, normaliseBool, versionAtLeast } from './values';

/**
 * `/ip/cloud` (IP/Cloud manual) and `/ip/ssh` (SSH manual) as singletons. No cloud server is contacted: what the
 * cloud would answer is derived from the device's own routes and addresses.
 */

/** Where the device reaches MikroTik's cloud (cloud2.mikrotik.com's address): any public destination would do. */
const CLOUD_SERVER = '159.148.147.201';

/** Ranges a cloud server never sees as a source: an address in one means the device is behind NAT. */
const NATTED = new Set(['private', 'carrierGradeNat', 'loopback', 'linkLocal', 'unspecified', 'uniqueLocal']);

/**
 * The source address the device reaches the cloud from: the first address on the interface of its route there
 * (the route's immediate gateway `10.0.0.1%ether1`, or the interface itself); undefined without an active route.
 */
export function cloudSource(rowsOf: (path: string) => Row[]): string | undefined {
  const route = lookupRoute(rowsOf('ip/route'), rowsOf('interface'), CLOUD_SERVER);
  if (!route) return undefined;
  const [hop, via] = route['.immediate-gw'].split('%');
  const addresses = rowsOf('ip/address').filter((a) => a['disabled'] !== 'true' && a['address']);
  // A gateway address without its interface (a DHCP lease's route): the address whose network holds it.
  const onLink = (a: Row) => {
    const [host, bits = '32'] = a['address'].split('/');
    return ipaddr.IPv4.isValidFourPartDecimal(hop) && ipaddr.IPv4.parse(hop).match(ipaddr.IPv4.parse(host), Number(bits));
  };
  const iface = via ?? (ipaddr.isValid(hop) ? undefined : hop);
  const address = iface === undefined ? addresses.find(onLink) : addresses.find((a) => a['interface'] === iface);
  return address?.['address'].split('/')[0];
}

/** Whether the cloud would see this source as it is (a public address) or a NAT in front of it. */
export const isNatted = (address: string) => NATTED.has(ipaddr.parse(address).range());

/**
 * What `/ip/cloud` shows (IP/Cloud manual): with DDNS on and a way out, `public-address` is the address the cloud saw
 * (the device's own when public or with `use-local-address`, else a NAT's, with the manual's warning), `dns-name` the
 * serial's `sn.mynetname.net` name and `status` `updated`; without a route out the update never completes
 * (`updating...`). With DDNS off nothing is published. The NAT's address is chosen: a documentation address
 * (198.51.100.x) fixed per device, never one of the simulated fleet's (docs/simulator.md).
 */
export function cloudState(row: Row, ctx: ReadContext): Record<string, string> {
  if (row['ddns-enabled'] !== 'true' && row['ddns-enabled'] !== 'auto') return {};
  const source = cloudSource(ctx.rowsOf);
  if (!source) return { status: 'updating...' };
  const serial = ctx.rowsOf('system/routerboard')[0]?.['serial-number'];
  const local = ctx.rowsOf('ip/cloud/advanced')[0]?.['use-local-address'] === 'true';
  const natted = isNatted(source);
  const published = natted && !local ? `198.51.100.${1 + Math.floor(noise(ctx.seed, 'cloud-nat', 0) * 254)}` : source;
  return {
    'public-address': published,
    ...(serial ? { 'dns-name': `${serial.toLowerCase()}.sn.mynetname.net` } : {}),
    status: 'updated',
    ...(natted && !local ? { warning: 'Router is behind a NAT. Remote connection might not work.' } : {}),
  };
}

function cloudArg(key: string, value: string, ctx: { version: string }): string | undefined {
  // 7.17 added `auto` (publish only when behind no NAT); 7.15 is yes/no (chosen from the release notes).
  if (key === 'ddns-enabled') return oneOf(key, normaliseBool(value) ?? value, versionAtLeast(ctx.version, '7.17') ? ['true', 'false', 'auto'] : ['true', 'false']);
  // `none` (the factory value: no periodic update beyond the manual's change-driven ones) or the tree's 1m.. range.
  if (key === 'ddns-update-interval' && value === 'none') return value;
  return undefined;
}

function sshArg(key: string, value: string): string | undefined {
  switch (key) {
    case 'host-key-type': return oneOf(key, value, ['ed25519', 'rsa']);
    case 'host-key-size': return oneOf(key, value, ['1024', '1536', '2048', '4096', '8192']);
    case 'forwarding-enabled': return oneOf(key, value, ['both', 'local', 'no', 'remote']);
    // 7.15 only (7.20 has `ciphers` instead), so not one of the menu's `bools`, which both trees must have.
    case 'allow-none-crypto': return strictBool(key, value);
  }
  return undefined;
}

export const CLOUD_SSH_MENUS: MenuSpec[] = [
  { path: 'ip/cloud', kind: 'singleton', writable: true, bools: ['update-time'], argRule: cloudArg, computed: cloudState },
  { path: 'ip/cloud/advanced', kind: 'singleton', writable: true, bools: ['use-local-address'] },
  // `strong-crypto`, `ciphers` and `forwarding-enabled` are kept and printed, not enforced on the simulator's SSH
  // server (chosen, docs/simulator.md); `regenerate-host-key` changes the key it serves (rest/cloud-ssh-commands.ts).
  { path: 'ip/ssh', kind: 'singleton', writable: true, bools: ['strong-crypto', 'always-allow-password-login'], argRule: sshArg },
];
