#!/usr/bin/env node
// Writes libs/domain/kernel/src/lib/routeros-secret-properties.ts: every RouterOS property name that holds a secret,
// from RouterOS 7.15.3 and 7.20.5's own command trees (reference/routeros-inspect) plus the properties of packages the
// trees lack (legacy wireless, CAPsMAN v1, User Manager), from MikroTik's documentation. Redaction of device rows,
// audit arguments, logs and errors reads the result. libs/domain/kernel/src/lib/routeros-secret-properties.spec.ts
// fails when the module is stale against the trees: run again after a new tree is vendored, and decide every new
// candidate it prints. Usage: node tools/scripts/extract-secret-properties.cjs [referenceDir]
const { readFileSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');

const VERSIONS = ['7.15.3', '7.20.5'];

/**
 * Words that may mark a secret, matched on a name's last dotted part (`security.passphrase` → `passphrase`). Every
 * argument of the trees that matches is a secret unless NOT_SECRET below says why not: a new name is redacted until
 * someone decides otherwise.
 */
const CANDIDATE = /pass|secret|key|psk|priv|cookie|(^|-)pin($|-)|community|token|credential|hmac|seed/;

/** Candidates that hold no secret, each with the evidence (the tree's own description or MikroTik's manual). */
const NOT_SECRET = {
  'add-mac-cookie': 'hotspot user profile: yes/no, whether to add a MAC cookie',
  'always-allow-password-login': 'ip ssh: yes/no',
  'authorized-public-key-hash': 'device-mode update: a hash of a public key',
  'cookie-length': 'l2tp-ether: the length (0, 4 or 8) of the L2TPv3 cookie',
  'enc-key-size': 'ipsec installed-sa: a key length in bits',
  'ft-r0-key-lifetime': 'wifi security: a duration',
  'group-key-update': 'wifi security: a duration',
  'host-key-size': 'ip ssh: a key length in bits',
  'host-key-type': 'ip ssh: rsa or ed25519',
  'http-cookie-lifetime': 'hotspot profile: a duration',
  'key-chain': 'rip interface-template: the name of a /routing/rip/keys chain',
  'key-file-prefix': 'ip ssh export-host-key: a file name prefix',
  'key-id': 'rip keys, ntp key: a number naming the key',
  'key-name': 'tool dns-update: the name of the TSIG key, not the key',
  'key-owner': 'user ssh-keys import: a user name',
  'key-size': 'certificate: a key length in bits',
  'key-usage': 'certificate: a list of key usages',
  'l2tpv3-cookie-length': 'l2tp client and server: the length of the L2TPv3 cookie',
  'lacp-user-key': 'bonding: a number grouping LACP ports (IEEE 802.1AX key), not a secret',
  'mac-cookie-timeout': 'hotspot user profile: a duration',
  'minimum-password-length': 'user settings: a number',
  'multi-passphrase-group': 'wifi security and access list: the name of a multi-passphrase group',
  'no-key-export': 'certificate import: yes/no',
  passive: 'ipsec peer, ospf, isis: yes/no',
  passthrough: 'firewall, bridge filter: yes/no',
  'passthrough-interface': 'lte apn: an interface name',
  'passthrough-mac': 'lte apn: a MAC address',
  'passthrough-subnet-size': 'lte apn: a prefix length',
  'password-format': 'wifi aaa: how a RADIUS password is formed from the MAC address (a format, not the password)',
  'priv-offs': 'routing fantasy (a test route generator): an offset',
  'priv-size': 'routing fantasy: a size',
  'private-key-file': 'ip ssh import-host-key, user ssh-keys private import: a file name',
  'public-key': 'wireguard peers: a public key',
  'public-key-file': 'user ssh-keys import: a file name',
  'remote-key': 'ipsec identity: the name of a /ip/ipsec/key entry',
  'remove-private-as': 'bgp output: yes/no',
  'reset-private-key': 'certificate enable-ssl-certificate: yes/no',
  seed: 'routing fantasy (a test route generator): a random seed',
  'tcp-syncookies': 'ip settings: yes/no',
};

/**
 * Secret properties of packages the trees do not include (they hold the base package only), from MikroTik's manuals,
 * and the generic names a model uses for them. `key` (RIP keys, DNS-update TSIG keys, NTP) and the SNMP community
 * strings come from the trees themselves.
 */
const DOCUMENTED = {
  'wpa-pre-shared-key': 'wireless security-profiles (https://wiki.mikrotik.com/wiki/Manual:Interface/Wireless)',
  'wpa2-pre-shared-key': 'wireless security-profiles',
  'static-key-0': 'wireless security-profiles (WEP)',
  'static-key-1': 'wireless security-profiles (WEP)',
  'static-key-2': 'wireless security-profiles (WEP)',
  'static-key-3': 'wireless security-profiles (WEP)',
  'static-sta-private-key': 'wireless security-profiles (WEP)',
  'management-protection-key': 'wireless security-profiles (802.11w)',
  'mschapv2-password': 'wireless security-profiles (EAP)',
  'private-pre-shared-key': 'wireless access-list',
  'private-passphrase': 'caps-man access-list (https://wiki.mikrotik.com/wiki/Manual:CAPsMAN)',
  'shared-secret': 'user-manager router (https://help.mikrotik.com/docs/display/ROS/User+Manager)',
  'pre-shared-key': 'the generic name of a Wi-Fi or IPsec pre-shared key',
  psk: 'the generic name of a pre-shared key',
};

const lastPart = (name) => name.split('.').pop();

/** Every argument name of a tree. */
function argumentNames(tree) {
  const names = new Set();
  const walk = (node) => {
    for (const [name, child] of Object.entries(node)) {
      if (name.startsWith('_') || !child || typeof child !== 'object') continue;
      if (child._type === 'arg') names.add(name);
      else walk(child);
    }
  };
  walk(tree);
  return names;
}

/** The secret property names: candidates of the trees that are not false friends, plus the documented ones. */
function secretProperties(referenceDir) {
  const names = new Set();
  for (const version of VERSIONS) {
    for (const name of argumentNames(JSON.parse(readFileSync(join(referenceDir, `${version}.json`), 'utf8')))) {
      if (CANDIDATE.test(lastPart(name)) && !NOT_SECRET[lastPart(name)]) names.add(name);
    }
  }
  for (const name of Object.keys(DOCUMENTED)) names.add(name);
  return [...names].sort();
}

function render(names) {
  const list = (items) => items.map((n) => `  '${n}',`).join('\n');
  return (
    `// Generated by tools/scripts/extract-secret-properties.cjs from RouterOS ${VERSIONS.join(' and ')} command trees and MikroTik's\n` +
    `// documentation of the packages they lack; do not edit. Decisions (false friends, documented names) live in the script.\n` +
    `/** RouterOS property names whose values are secrets (a name or its last dotted part). */\n` +
    `export const ROUTEROS_SECRET_PROPERTIES: readonly string[] = [\n${list(names)}\n];\n\n` +
    `/** Names that look secret and are not (lengths, flags, names of other entries, public keys): never redacted by pattern. */\n` +
    `export const ROUTEROS_NOT_SECRET_PROPERTIES: readonly string[] = [\n${list(Object.keys(NOT_SECRET).sort())}\n];\n`
  );
}

const OUTPUT = join(__dirname, '..', '..', 'libs', 'domain', 'kernel', 'src', 'lib', 'routeros-secret-properties.ts');

module.exports = { secretProperties, render, OUTPUT, CANDIDATE, NOT_SECRET, DOCUMENTED };

if (require.main === module) {
  const dir = process.argv[2] || join(__dirname, '..', '..', 'reference', 'routeros-inspect');
  const names = secretProperties(dir);
  writeFileSync(OUTPUT, render(names));
  console.log(`${names.length} secret property names written to ${OUTPUT}`);
}
