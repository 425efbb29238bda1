import type { Row } from '../rest/print-query';
import { invalidArg, numberIn, PROTOCOLS } from './arg-rules';
import type { MenuSpec } from './menu-spec';
import { existingName, listOf, oneOf, usedBy } from './menu-values';

const PFS_GROUPS = ['none', 'modp768', 'modp1024', 'modp1536', 'modp2048', 'modp3072', 'modp4096', 'modp6144', 'modp8192', 'ecp256', 'ecp384', 'ecp521', 'x25519'];
const AUTH_METHODS = ['digital-signature', 'eap', 'eap-radius', 'pre-shared-key', 'pre-shared-key-xauth', 'rsa-key', 'rsa-signature', 'rsa-signature-hybrid'];

const ID_TYPES = ['address', 'dn', 'fqdn', 'key-id', 'user-fqdn'];

/** An identity's ID: one of `words`, or `type:value` with a type the page lists and a value after the colon. */
function ipsecId(key: string, value: string, words: string[]): string {
  const colon = value.indexOf(':');
  if (words.includes(value) || (colon > 0 && colon < value.length - 1 && ID_TYPES.includes(value.slice(0, colon)))) return value;
  throw invalidArg(key);
}

/** The IPsec manual's enumerations for the arguments the tree does not describe; references by name. */
function ipsecArg(key: string, value: string, ctx: { rowsOf(path: string): Row[] }): string | undefined {
  switch (key) {
    case 'hash-algorithm':
      return oneOf(key, value, ['md5', 'sha1', 'sha256', 'sha512']);
    case 'prf-algorithm':
      return oneOf(key, value, ['auto', 'sha1', 'sha256', 'sha384', 'sha512']);
    case 'proposal-check':
      return oneOf(key, value, ['claim', 'exact', 'obey', 'strict']);
    case 'dpd-maximum-failures':
      return numberIn(key, value, 1, 100);
    case 'pfs-group':
      return oneOf(key, value, PFS_GROUPS);
    case 'exchange-mode':
      return oneOf(key, value, ['aggressive', 'ike2', 'main']);
    case 'port':
      return numberIn(key, value, 0, 65535);
    case 'auth-method':
      return oneOf(key, value, AUTH_METHODS);
    case 'generate-policy':
      return oneOf(key, value, ['no', 'port-override', 'port-strict']);
    case 'match-by':
      return oneOf(key, value, ['certificate', 'remote-id']);
    case 'action':
      return oneOf(key, value, ['discard', 'encrypt', 'none']);
    case 'level':
      return oneOf(key, value, ['require', 'unique', 'use']);
    case 'ipsec-protocols':
      return listOf(key, value, ['ah', 'esp']);
    case 'lifebytes':
      return numberIn(key, value, 0, 4294967295);
    // Policies: `any | integer:0..65535`; `protocol` is `all` or an IP protocol as the firewall names them, or its number.
    case 'src-port': case 'dst-port':
      return value === 'any' ? value : numberIn(key, value, 0, 65535);
    case 'protocol':
      return value === 'all' ? value : /^\d+$/.test(value) ? numberIn(key, value, 0, 255) : oneOf(key, value, PROTOCOLS);
    // Identities: EAP methods in the order given; IDs as `auto` or `type:value` (the page's wildcard note:
    // `remote-id="key-id:CN=*.domain.com"`); keys of /ip/ipsec/key and mode configs by name.
    case 'eap-methods':
      return listOf(key, value, ['eap-mschapv2', 'eap-peap', 'eap-tls', 'eap-ttls']);
    case 'my-id': case 'remote-id':
      return ipsecId(key, value, key === 'remote-id' ? ['auto', 'ignore'] : ['auto']);
    case 'key': case 'remote-key':
      return value === '' ? value : existingName(key, value, 'ip/ipsec/key', ctx.rowsOf);
    case 'mode-config':
      return value === '' || value === 'none' ? value : existingName(key, value, 'ip/ipsec/mode-config', ctx.rowsOf);
    // Identities: a certificate the device has (or none), by name.
    case 'certificate': case 'remote-certificate':
      return value === '' || value === 'none' ? value : existingName(key, value, 'certificate', ctx.rowsOf);
  }
  return undefined;
}

const PROFILE_DEFAULTS = { 'dh-group': 'modp2048,modp1024', 'dpd-interval': '2m', 'dpd-maximum-failures': '5', 'enc-algorithm': 'aes-128,3des', 'hash-algorithm': 'sha1', lifetime: '1d', 'nat-traversal': 'true', 'proposal-check': 'obey', 'prf-algorithm': 'auto' };
const PROPOSAL_DEFAULTS = { 'auth-algorithms': 'sha1', 'enc-algorithms': 'aes-256-cbc,aes-192-cbc,aes-128-cbc', lifetime: '30m', 'pfs-group': 'modp1024', disabled: 'false' };

/** RouterOS's factory IPsec rows (IPsec manual): profile, proposal and policy group `default`, and the default template policy. */
export function ipsecSeed(): Record<string, Row[]> {
  return {
    'ip/ipsec/profile': [{ name: 'default', ...PROFILE_DEFAULTS, '.builtin': 'true' }],
    'ip/ipsec/proposal': [{ name: 'default', ...PROPOSAL_DEFAULTS, '.builtin': 'true' }],
    'ip/ipsec/policy/group': [{ name: 'default', '.builtin': 'true' }],
    'ip/ipsec/policy': [{ group: 'default', proposal: 'default', template: 'true', 'src-address': '::/0', 'dst-address': '::/0', protocol: 'all', disabled: 'false', '.builtin': 'true' }],
  };
}

const inUse = (what: string, uses: [string, string[]][]) => (row: Row, rowsOf: (path: string) => Row[]) =>
  // Wording chosen without a source (docs/simulator.md).
  usedBy(row['name'], rowsOf, uses) ? `failure: ${what} is in use` : undefined;

/**
 * `/ip/ipsec` configuration (IPsec manual), no IKE: a peer names its profile, an identity its peer (and policy
 * template group), a policy its peer, proposal and group, all by name, existing and following renames; what another
 * row names cannot be removed. Secrets are hidden by `/export` unless `show-sensitive`.
 */
export const IPSEC_MENUS: MenuSpec[] = [
  {
    path: 'ip/ipsec/profile', kind: 'table', writable: true, bools: ['nat-traversal'], unique: 'name', required: ['name'], defaults: PROFILE_DEFAULTS,
    argRule: ipsecArg, removeRefusal: inUse('profile', [['ip/ipsec/peer', ['profile']]]),
  },
  {
    path: 'ip/ipsec/proposal', kind: 'table', writable: true, bools: ['disabled'], unique: 'name', required: ['name'], defaults: PROPOSAL_DEFAULTS,
    argRule: ipsecArg, removeRefusal: inUse('proposal', [['ip/ipsec/policy', ['proposal']]]),
    computed: () => ({ default: 'false', invalid: 'false' }),
  },
  {
    path: 'ip/ipsec/policy/group', kind: 'table', writable: true, unique: 'name', required: ['name'],
    removeRefusal: inUse('group', [['ip/ipsec/policy', ['group']], ['ip/ipsec/identity', ['policy-template-group']]]),
  },
  {
    path: 'ip/ipsec/peer', kind: 'table', writable: true, bools: ['disabled', 'passive', 'send-initial-contact'], unique: 'name', required: ['name'],
    defaults: { disabled: 'false', profile: 'default', 'exchange-mode': 'main', passive: 'false', 'send-initial-contact': 'true' },
    refs: { profile: 'ip/ipsec/profile' }, argRule: ipsecArg,
    removeRefusal: inUse('peer', [['ip/ipsec/identity', ['peer']], ['ip/ipsec/policy', ['peer']]]),
    // No IKE runs: a peer never responds (chosen, docs/simulator.md).
    computed: () => ({ dynamic: 'false', responder: 'false' }),
  },
  {
    path: 'ip/ipsec/identity', kind: 'table', writable: true, bools: ['disabled'], required: ['peer'],
    defaults: { disabled: 'false', 'auth-method': 'pre-shared-key', 'generate-policy': 'no', 'match-by': 'remote-id', 'my-id': 'auto', 'remote-id': 'auto', 'policy-template-group': 'default' },
    refs: { peer: 'ip/ipsec/peer', 'policy-template-group': 'ip/ipsec/policy/group' }, namedRefs: { certificate: 'certificate', 'remote-certificate': 'certificate' },
    argRule: ipsecArg, sensitive: ['secret', 'password'],
    computed: () => ({ dynamic: 'false' }),
  },
  {
    path: 'ip/ipsec/policy', kind: 'table', writable: true, bools: ['disabled', 'tunnel', 'template'],
    defaults: { disabled: 'false', action: 'encrypt', level: 'require', 'ipsec-protocols': 'esp', proposal: 'default', tunnel: 'false', template: 'false', protocol: 'all' },
    refs: { peer: 'ip/ipsec/peer', proposal: 'ip/ipsec/proposal', group: 'ip/ipsec/policy/group' }, argRule: ipsecArg,
    // No SA is ever negotiated: an encrypting policy is never established (chosen, docs/simulator.md).
    computed: (row) => ({ dynamic: 'false', invalid: 'false', active: 'false', default: String(row['.builtin'] === 'true'), ...(row['template'] === 'true' ? {} : { 'ph2-count': '0', 'ph2-state': 'no-phase2' }) }),
  },
];
