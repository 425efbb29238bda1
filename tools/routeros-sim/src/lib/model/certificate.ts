import type { Row } from '../rest/print-query';
import { errors, RestError } from '../rest/rest-error';
import { invalidArg, numberIn } from './arg-rules';
import type { MenuSpec } from './menu-spec';
import { deviceDateTime } from './scheduler';

/** `key-size` values of the Certificates manual: RSA sizes and the named EC curves. */
export const RSA_SIZES = ['1024', '1536', '2048', '4096', '8192'];
export const EC_CURVES: Record<string, string> = { prime256v1: 'P-256', secp384r1: 'P-384', secp521r1: 'P-521' };
const DIGESTS = ['md5', 'sha1', 'sha256', 'sha384', 'sha512'];

/**
 * What a self-signed certificate signed without `key-usage` gets. The manual does not list it; chosen (docs/simulator.md):
 * the usages RouterOS's own CA and server examples end up with, so a template signed as is can both sign and serve.
 */
export const DEFAULT_KEY_USAGE = 'digital-signature,key-encipherment,data-encipherment,key-cert-sign,crl-sign,tls-server,tls-client';

/** `subject-alt-name`: comma-separated `DNS:`, `IP:` or `email:` entries (Certificates manual). */
const SAN_ENTRY = /^(DNS:[A-Za-z0-9*._-]+|IP:[0-9A-Fa-f.:]+|email:[^,\s]+)$/;

export const parseSubjectAltName = (value: string): { type: 'dns' | 'ip' | 'email'; value: string }[] =>
  value.split(',').filter(Boolean).map((entry) => {
    const at = entry.indexOf(':');
    const kind = entry.slice(0, at).toLowerCase();
    return { type: kind === 'dns' ? 'dns' : kind === 'ip' ? 'ip' : 'email', value: entry.slice(at + 1) };
  });

function certificateArg(key: string, value: string): string | undefined {
  switch (key) {
    case 'key-size':
      if (!RSA_SIZES.includes(value) && !EC_CURVES[value]) throw errors.noMatch(key);
      return value;
    case 'digest-algorithm':
      if (!DIGESTS.includes(value)) throw errors.noMatch(key);
      return value;
    // The manual gives no bound; chosen: 1 day up to 100 years (docs/simulator.md).
    case 'days-valid':
      return numberIn(key, value, 1, 36500);
    case 'subject-alt-name':
      if (value !== '' && !value.split(',').every((entry) => SAN_ENTRY.test(entry))) throw invalidArg(key);
      return value;
  }
  return undefined;
}

/** Whether a certificate is signed (a template is not: it has no certificate yet). */
export const isSigned = (row: Row): boolean => row['.pem'] !== undefined || row['private-key'] === 'true';

/** Whether `row` can sign others: a CA certificate whose private key the device holds. */
export const canSign = (row: Row): boolean => row['.ca'] === 'true' && row['private-key'] === 'true' && row['.key'] !== undefined;

/**
 * Read-only state as the Certificates manual lists it; flags are `private-key` (K), `crl` (L), `authority` (A), `issued`
 * (I), `revoked` (R), `expired` (E) and `trusted` (T). A template shows none of them but `trusted`.
 */
function certificateState(row: Row, now: number): Record<string, string> {
  const after = row['.not-after'];
  return {
    'private-key': row['private-key'] ?? 'false',
    crl: row['crl'] ?? 'false',
    authority: row['authority'] ?? 'false',
    issued: row['issued'] ?? 'false',
    revoked: row['revoked'] ?? 'false',
    expired: String(after !== undefined && Number(after) < now),
    ...(after !== undefined ? { 'invalid-after': deviceDateTime(Number(after)), 'invalid-before': deviceDateTime(Number(row['.not-before'])) } : {}),
  };
}

/** RouterOS's answer when a certificate cannot be signed by `ca` (wording chosen, docs/simulator.md). */
export function caRefusal(ca: Row | undefined): RestError | undefined {
  if (!ca) return errors.noMatch('ca');
  if (ca['.ca'] !== 'true') return new RestError(400, 'failure: ca certificate is not a CA');
  if (!canSign(ca)) return new RestError(400, 'failure: ca certificate has no private key');
  return undefined;
}

/**
 * `/certificate` (MikroTik manual, Certificates): `add` makes a template (name and common-name required), `sign` turns
 * it into a certificate (model/rest: certificate-commands.ts), `import` reads PEM from /file. Certificates never
 * appear in an export. The certificate `www-ssl` uses may be removed (management path: the service then refuses).
 */
export const CERTIFICATE_MENU: MenuSpec = {
  path: 'certificate', kind: 'table', writable: true, bools: ['trusted'], unique: 'name', required: ['name', 'common-name'],
  defaults: { 'key-size': '2048', 'days-valid': '365', 'digest-algorithm': 'sha256', trusted: 'false' },
  argRule: certificateArg,
  sensitive: ['private-key'],
  computed: (row, ctx) => certificateState(row, ctx.now),
};

/** `/ip/service certificate=`: `none` or a certificate the device has. */
export function serviceCertificateArg(key: string, value: string, ctx: { rowsOf(path: string): Row[] }): string | undefined {
  if (key !== 'certificate') return undefined;
  if (value !== 'none' && !ctx.rowsOf('certificate').some((c) => c['name'] === value)) throw errors.noMatch(key);
  return value;
}
