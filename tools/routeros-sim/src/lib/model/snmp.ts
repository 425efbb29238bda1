import type { Row } from '../rest/print-query';
import { RestError } from '../rest/rest-error';
import type { MenuSpec } from './menu-spec';
import { existingName, listOf, oneOf, usedBy } from './menu-values';

/** `/snmp` as a fresh RouterOS has it (SNMP manual). */
const SNMP_FACTORY = { enabled: 'false', contact: '', location: '', 'engine-id-suffix': '', 'trap-community': 'public', 'trap-generators': 'temp-exception', 'trap-target': '', 'trap-version': '1', 'trap-interfaces': '', 'src-address': '::', vrf: 'main' };
const COMMUNITY_DEFAULTS = { addresses: '::/0', security: 'none', 'read-access': 'true', 'write-access': 'false', 'authentication-protocol': 'MD5', 'encryption-protocol': 'DES', 'authentication-password': '', 'encryption-password': '', disabled: 'false' };

function snmpArg(key: string, value: string, ctx: { rowsOf(path: string): Row[] }): string | undefined {
  switch (key) {
    case 'trap-version':
      return oneOf(key, value, ['1', '2', '3']);
    case 'trap-generators':
      return value === '' ? value : listOf(key, value, ['interfaces', 'start-trap', 'temp-exception']);
    case 'trap-community':
      return existingName(key, value, 'snmp/community', ctx.rowsOf);
    case 'security':
      return oneOf(key, value, ['authorized', 'none', 'private']);
    // The manual names MD5/SHA1 and DES/AES; later releases add SHA2 and longer AES keys, taken too (chosen).
    case 'authentication-protocol':
      return oneOf(key, value, ['MD5', 'SHA1', 'SHA224', 'SHA256', 'SHA384', 'SHA512']);
    case 'encryption-protocol':
      return oneOf(key, value, ['AES', 'AES192', 'AES256', 'DES']);
  }
  return undefined;
}

/**
 * SNMPv3 security levels (SNMP manual): `authorized` needs an authentication password, `private` an encryption one
 * too. RouterOS's refusal text is not documented; chosen (docs/simulator.md).
 */
export function communityRefusal(row: Row): string | undefined {
  if ((row['security'] === 'authorized' || row['security'] === 'private') && !row['authentication-password']) return `failure: security ${row['security']} needs authentication-password`;
  if (row['security'] === 'private' && !row['encryption-password']) return 'failure: security private needs encryption-password';
  return undefined;
}

/** The `public` community every RouterOS has (read-only, from anywhere), built in. */
export function snmpSeed(): Record<string, Row[]> {
  return {
    snmp: [{ ...SNMP_FACTORY }],
    'snmp/community': [{ name: 'public', ...COMMUNITY_DEFAULTS, '.builtin': 'true' }],
  };
}

/**
 * `/snmp` and `/snmp/community` (SNMP manual), no agent answering: `trap-community` names an existing community and
 * follows its renames; a community it names cannot be removed (chosen); passwords are hidden by `/export` unless
 * `show-sensitive`.
 */
export const SNMP_MENUS: MenuSpec[] = [
  {
    path: 'snmp', kind: 'singleton', writable: true, bools: ['enabled'], factory: SNMP_FACTORY, argRule: snmpArg, namedRefs: { 'trap-community': 'snmp/community' },
    // RouterOS's engine id: MikroTik's enterprise prefix and the suffix (chosen: a fixed MAC-like part, docs/simulator.md).
    computed: (row) => ({ 'engine-id': `80003a8c04${row['engine-id-suffix'] ?? ''}` }),
  },
  {
    path: 'snmp/community', kind: 'table', writable: true, bools: ['disabled', 'read-access', 'write-access'], unique: 'name', required: ['name'],
    defaults: COMMUNITY_DEFAULTS, argRule: snmpArg, checkRow: checkCommunity, sensitive: ['authentication-password', 'encryption-password'],
    removeRefusal: (row, rowsOf) => (usedBy(row['name'], rowsOf, [['snmp', ['trap-community']]]) ? 'failure: community is in use' : undefined),
    computed: (row) => ({ default: String(row['.builtin'] === 'true') }),
  },
];

/** Checks a community as written: RestError when its security level lacks a password. */
export function checkCommunity(row: Row): void {
  const refusal = communityRefusal(row);
  if (refusal) throw new RestError(400, refusal);
}
