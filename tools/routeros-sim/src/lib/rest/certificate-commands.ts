import { X509Certificate } from 'node:crypto';
import type { DeviceState } from '../model/device-state';
import type { Row } from './print-query';
import { errors, RestError } from './rest-error';
import { caRefusal, isSigned } from '../model/certificate';
import { describe, encryptedKeyPem, keyMatches, keyPemOf, readPem, signRequest, signTemplate } from '../model/certificate-x509';

const text = (body: Record<string, unknown>, key: string): string | undefined => (body[key] === undefined ? undefined : String(body[key]));

const certificate = (state: DeviceState, idOrName: string): Row => {
  const row = state.rawRow('certificate', idOrName);
  if (!row) throw errors.noSuchItem();
  return row;
};

/**
 * `sign number=T [ca=CA] [name=N] [ca-crl-host=H]`: the template becomes a certificate with a fresh key of its
 * `key-size`, self-signed (then trusted, and an authority when its usages include key-cert-sign) or issued by a CA
 * certificate the device holds the key of. Answers `progress: done` as the console shows it (chosen).
 */
async function sign(state: DeviceState, body: Record<string, unknown>): Promise<unknown> {
  const target = text(body, 'number') ?? text(body, '.id');
  if (target === undefined) throw errors.missingValue('number');
  const template = certificate(state, target);
  // Wording chosen without a source (docs/simulator.md).
  if (isSigned(template)) throw new RestError(400, 'failure: certificate is already signed');
  const caName = text(body, 'ca');
  const ca = caName === undefined ? undefined : state.rawRow('certificate', caName);
  const refusal = caName === undefined ? undefined : caRefusal(ca);
  if (refusal) throw refusal;
  const name = text(body, 'name');
  if (name !== undefined && name !== template['name'] && state.rawRow('certificate', name)) throw errors.alreadyExists('such name');
  const issued = await signTemplate(template, Date.now(), ca);
  const authority = !ca && issued.shown['.ca'] === 'true';
  const crlHost = text(body, 'ca-crl-host');
  state.commandUpdate('certificate', template['.id'], {
    ...issued.shown,
    '.pem': issued.pem,
    '.key': issued.keyPem,
    'private-key': 'true',
    authority: String(authority),
    crl: String(authority && !!crlHost),
    issued: String(!!ca),
    trusted: ca ? template['trusted'] : 'true',
    ...(ca ? { ca: ca['name'] } : {}),
    ...(crlHost !== undefined ? { 'ca-crl-host': crlHost } : {}),
    ...(name !== undefined ? { name } : {}),
  });
  return [{ progress: 'done' }];
}

/** The lowest `<file>_N` no certificate is named yet, as RouterOS names imported certificates. */
function freeName(state: DeviceState, base: string): string {
  let n = 0;
  while (state.rawRow('certificate', `${base}_${n}`)) n++;
  return `${base}_${n}`;
}

/**
 * `import file-name=F [passphrase=P] [name=N] [trusted=yes|no]`: the PEM certificates of a /file entry become
 * certificates (one already held by fingerprint is skipped) and its private keys join the certificate they belong to.
 * Answers the counts RouterOS prints.
 */
function importFile(state: DeviceState, body: Record<string, unknown>): unknown {
  const fileName = text(body, 'file-name');
  if (fileName === undefined || fileName === '') throw errors.missingValue('file-name');
  const file = state.rawRow('file', fileName);
  const contents = file?.['contents'] ?? file?.['.contents'];
  if (!file || contents === undefined) throw errors.noMatch('file-name');
  const trusted = text(body, 'trusted') ?? 'yes';
  if (!['yes', 'no', 'true', 'false'].includes(trusted)) throw errors.invalidValue('trusted', trusted);
  const { certs, keys, failures } = readPem(contents, text(body, 'passphrase') ?? '');
  let imported = 0;
  for (const pem of certs) {
    const shown = describe(pem);
    if (state.list('certificate').some((c) => c['fingerprint'] === shown['fingerprint'])) continue;
    const cn = /(?:^|,)CN=([^,]*)/.exec(new X509Certificate(pem).subject.split('\n').join(','))?.[1] ?? '';
    const days = Math.round((Number(shown['.not-after']) - Number(shown['.not-before'])) / 86_400_000);
    const name = text(body, 'name') && imported === 0 ? text(body, 'name')! : freeName(state, fileName);
    state.commandInsert('certificate', { ...shown, name, 'common-name': cn, 'days-valid': String(days), 'private-key': 'false', trusted: String(trusted === 'yes' || trusted === 'true'), '.pem': pem });
    imported++;
  }
  let keysImported = 0;
  for (const key of keys) {
    const holder = state.list('certificate').map((c) => state.rawRow('certificate', c['.id'])!).find((c) => c['.pem'] && keyMatches(c['.pem'], key));
    if (!holder) continue;
    if (holder['.key'] === undefined) state.commandUpdate('certificate', holder['.id'], { '.key': keyPemOf(key), 'private-key': 'true' });
    keysImported++;
  }
  return [{ 'certificates-imported': String(imported), 'private-keys-imported': String(keysImported), 'files-imported': '1', 'decryption-failures': String(failures), 'keys-with-no-certificate': String(keys.length - keysImported) }];
}

/**
 * `sign-certificate-request file-name= ca= [days-valid=] [digest-algorithm=]` (Certificates manual: a CA on the router
 * signs another host's request): the PKCS#10 request in `/file` (as `create-certificate-request` writes one) becomes a
 * certificate issued by `ca`, without its private key (the requester keeps it), named as an import names one
 * (`<file>_0`); export it with `export-certificate`. Chosen: a file that holds no readable request (or whose signature
 * does not verify) answers `failure: unable to read certificate request`; `days-valid` defaults to 365.
 */
async function signCertificateRequest(state: DeviceState, body: Record<string, unknown>): Promise<unknown> {
  const fileName = text(body, 'file-name');
  if (fileName === undefined || fileName === '') throw errors.missingValue('file-name');
  const caName = text(body, 'ca');
  if (caName === undefined || caName === '') throw errors.missingValue('ca');
  const file = state.fileRow(fileName);
  if (file?.['contents'] === undefined) throw new RestError(400, 'failure: no such file');
  const ca = state.rawRow('certificate', caName);
  const refusal = caRefusal(ca);
  if (refusal) throw refusal;
  const days = text(body, 'days-valid') === undefined ? 365 : Number(text(body, 'days-valid'));
  if (!Number.isInteger(days) || days < 1) throw errors.invalidValue('days-valid', String(body['days-valid']));
  let pem: string;
  try {
    pem = await signRequest(file['contents'], ca!, Date.now(), days, text(body, 'digest-algorithm') ?? 'sha256');
  } catch {
    throw new RestError(400, 'failure: unable to read certificate request');
  }
  const shown = describe(pem);
  const cn = /(?:^|,)CN=([^,]*)/.exec(new X509Certificate(pem).subject.split('\n').join(','))?.[1] ?? '';
  state.commandInsert('certificate', { ...shown, name: freeName(state, fileName), 'common-name': cn, 'days-valid': String(days), 'private-key': 'false', issued: 'true', ca: ca!['name'], trusted: 'false', '.pem': pem });
  return [{ progress: 'done' }];
}

/**
 * `export-certificate numbers=C [file-name=F] [type=pem] [export-passphrase=P]`: writes `F.crt` (default
 * `cert_export_<name>`) and, only with a passphrase, the key encrypted with it as `F.key` (Certificates manual).
 */
function exportCertificate(state: DeviceState, body: Record<string, unknown>): unknown {
  const target = text(body, 'numbers') ?? text(body, '.id');
  if (target === undefined) throw errors.missingValue('numbers');
  const type = text(body, 'type') ?? 'pem';
  if (type === 'pkcs12') throw errors.notSimulated('certificate/export-certificate type=pkcs12');
  if (type !== 'pem') throw errors.noMatch('type');
  for (const id of target.split(',')) {
    const row = certificate(state, id.trim());
    // A template has nothing to export; a fleet's seeded certificate holds the device identity's PEM, one seeded without it (unit specs) not.
    if (!row['.pem']) throw new RestError(400, isSigned(row) ? 'failure: /certificate/export-certificate of the seeded certificate is not supported by the simulator' : 'failure: certificate is not signed');
    const base = text(body, 'file-name') || `cert_export_${row['name']}`;
    state.writeFile(`${base}.crt`, '.crt file', row['.pem']);
    const passphrase = text(body, 'export-passphrase');
    if (passphrase && row['.key']) state.writeFile(`${base}.key`, '.key file', encryptedKeyPem(row['.key'], passphrase));
  }
  return [];
}

export const CERTIFICATE_COMMANDS: Record<string, (state: DeviceState, body: Record<string, unknown>) => unknown> = {
  'certificate/sign': sign,
  'certificate/import': importFile,
  'certificate/export-certificate': exportCertificate,
  'certificate/sign-certificate-request': signCertificateRequest,
};
