import 'reflect-metadata';
import * as x509 from '@peculiar/x509';
import { createPrivateKey, createPublicKey, KeyObject, webcrypto, X509Certificate } from 'node:crypto';
import type { Row } from '../rest/print-query';
import { DEFAULT_KEY_USAGE, EC_CURVES, parseSubjectAltName } from './certificate';

x509.cryptoProvider.set(webcrypto as unknown as Parameters<typeof x509.cryptoProvider.set>[0]);

type Key = webcrypto.CryptoKey;

const KEY_USAGE_BITS: Record<string, x509.KeyUsageFlags> = {
  'digital-signature': x509.KeyUsageFlags.digitalSignature, 'content-commitment': x509.KeyUsageFlags.nonRepudiation,
  'key-encipherment': x509.KeyUsageFlags.keyEncipherment, 'data-encipherment': x509.KeyUsageFlags.dataEncipherment,
  'key-agreement': x509.KeyUsageFlags.keyAgreement, 'key-cert-sign': x509.KeyUsageFlags.keyCertSign, 'crl-sign': x509.KeyUsageFlags.cRLSign,
  'encipher-only': x509.KeyUsageFlags.encipherOnly, 'decipher-only': x509.KeyUsageFlags.decipherOnly,
};
const EXTENDED_USAGES: Record<string, string> = {
  'tls-server': x509.ExtendedKeyUsage.serverAuth, 'tls-client': x509.ExtendedKeyUsage.clientAuth, 'code-sign': x509.ExtendedKeyUsage.codeSigning,
  'email-protect': x509.ExtendedKeyUsage.emailProtection, timestamp: x509.ExtendedKeyUsage.timeStamping, 'ocsp-sign': x509.ExtendedKeyUsage.ocspSigning,
  dvcs: '1.3.6.1.5.5.7.3.10',
};
// md5 has no WebCrypto signer: such certificates are signed with SHA-256 (chosen, docs/simulator.md).
const HASHES: Record<string, string> = { md5: 'SHA-256', sha1: 'SHA-1', sha256: 'SHA-256', sha384: 'SHA-384', sha512: 'SHA-512' };

const pem = (label: string, der: Buffer) => `-----BEGIN ${label}-----\n${der.toString('base64').match(/.{1,64}/g)!.join('\n')}\n-----END ${label}-----\n`;

/** The WebCrypto algorithm that signs with `key` (RSA PKCS#1 v1.5 or ECDSA on its curve). */
function algorithmOf(key: KeyObject, hash: string): webcrypto.RsaHashedImportParams | webcrypto.EcKeyImportParams {
  if (key.asymmetricKeyType === 'rsa') return { name: 'RSASSA-PKCS1-v1_5', hash };
  const curve = EC_CURVES[key.asymmetricKeyDetails?.namedCurve ?? ''] ?? 'P-256';
  return { name: 'ECDSA', namedCurve: curve };
}

async function signerOf(keyPem: string, hash: string): Promise<{ key: Key; algorithm: webcrypto.RsaHashedImportParams | webcrypto.EcdsaParams }> {
  const object = createPrivateKey(keyPem);
  const algorithm = algorithmOf(object, hash);
  const key = await webcrypto.subtle.importKey('pkcs8', object.export({ type: 'pkcs8', format: 'der' }), algorithm, false, ['sign']);
  return { key, algorithm: algorithm.name === 'ECDSA' ? { name: 'ECDSA', hash } : (algorithm as webcrypto.RsaHashedImportParams) };
}

/** A fresh key pair of the template's `key-size` (an RSA size or an EC curve). */
async function newKeys(keySize: string): Promise<webcrypto.CryptoKeyPair> {
  const curve = EC_CURVES[keySize];
  const algorithm = curve
    ? { name: 'ECDSA', namedCurve: curve }
    : { name: 'RSASSA-PKCS1-v1_5', modulusLength: Number(keySize), publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' };
  return (await webcrypto.subtle.generateKey(algorithm, true, ['sign', 'verify'])) as webcrypto.CryptoKeyPair;
}

/** `CN=…,O=…` from the template's subject fields. */
function subjectOf(row: Row): string {
  const parts: [string, string | undefined][] = [['C', row['country']], ['ST', row['state']], ['L', row['locality']], ['O', row['organization']], ['OU', row['unit']], ['CN', row['common-name']]];
  return parts.filter(([, v]) => v).map(([k, v]) => `${k}=${v!.replace(/([,+"\\<>;=])/g, '\\$1')}`).join(',');
}

export interface Issued {
  pem: string;
  keyPem: string;
  /** What the certificate shows once signed (RouterOS's read-only properties). */
  shown: Row;
}

/** The read-only properties RouterOS shows for a certificate, from the certificate itself. */
export function describe(certPem: string): Row {
  const cert = new X509Certificate(certPem);
  const key = cert.publicKey;
  return {
    fingerprint: cert.fingerprint256.replace(/:/g, '').toLowerCase(),
    'serial-number': cert.serialNumber.toUpperCase(),
    issuer: cert.issuer.split('\n').join(','),
    'key-type': key.asymmetricKeyType === 'rsa' ? 'rsa' : 'ec',
    '.not-before': String(Date.parse(cert.validFrom)),
    '.not-after': String(Date.parse(cert.validTo)),
    '.ca': String(cert.ca),
  };
}

/**
 * Signs the template `row`: self-signed, or by `ca` (a CA row with its key). A CA (key-cert-sign) gets basic
 * constraints CA:TRUE; `ca-crl-host` becomes the CRL distribution point of what the CA signs.
 */
export async function signTemplate(row: Row, now: number, ca?: Row): Promise<Issued> {
  const keys = await newKeys(row['key-size'] ?? '2048');
  const usages = (row['key-usage'] || DEFAULT_KEY_USAGE).split(',');
  const hash = HASHES[row['digest-algorithm'] ?? 'sha256'] ?? 'SHA-256';
  const keyPem = pem('PRIVATE KEY', Buffer.from(await webcrypto.subtle.exportKey('pkcs8', keys.privateKey)));
  const signer = ca ? await signerOf(ca['.key']!, hash) : await signerOf(keyPem, hash);
  const bits = usages.reduce((sum, u) => sum | (KEY_USAGE_BITS[u] ?? 0), 0);
  const extended = usages.map((u) => EXTENDED_USAGES[u]).filter(Boolean);
  const alt = parseSubjectAltName(row['subject-alt-name'] ?? '');
  const crlHost = ca?.['ca-crl-host'];
  const extensions: x509.Extension[] = [
    new x509.BasicConstraintsExtension(usages.includes('key-cert-sign'), undefined, true),
    ...(bits ? [new x509.KeyUsagesExtension(bits, true)] : []),
    ...(extended.length ? [new x509.ExtendedKeyUsageExtension(extended)] : []),
    ...(alt.length ? [new x509.SubjectAlternativeNameExtension(alt)] : []),
    ...(crlHost ? [new x509.CRLDistributionPointsExtension([`http://${crlHost}/crl/${ca!['serial-number']}.crl`])] : []),
    await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
  ];
  const cert = await x509.X509CertificateGenerator.create({
    serialNumber: Buffer.from(webcrypto.getRandomValues(new Uint8Array(8))).toString('hex').replace(/^[89a-f]/, '1'),
    subject: subjectOf(row),
    issuer: ca ? new X509Certificate(ca['.pem']!).subject.split('\n').join(',') : subjectOf(row),
    notBefore: new Date(Math.floor(now / 1000) * 1000),
    notAfter: new Date(Math.floor(now / 1000) * 1000 + Number(row['days-valid'] ?? '365') * 86_400_000),
    publicKey: keys.publicKey,
    signingKey: signer.key,
    signingAlgorithm: signer.algorithm,
    extensions,
  });
  const certPem = cert.toString('pem');
  return { pem: certPem, keyPem, shown: { ...describe(certPem), 'key-usage': usages.join(',') } };
}

/** PEM blocks of a file: its certificates and its private keys (decrypted with `passphrase`). */
export function readPem(text: string, passphrase: string): { certs: string[]; keys: KeyObject[]; failures: number } {
  const blocks = text.match(/-----BEGIN ([A-Z ]+)-----[\s\S]+?-----END \1-----/g) ?? [];
  const certs: string[] = [];
  const keys: KeyObject[] = [];
  let failures = 0;
  for (const block of blocks) {
    if (block.startsWith('-----BEGIN CERTIFICATE-----')) {
      try {
        new X509Certificate(block);
        certs.push(block.trim() + '\n');
      } catch {
        failures++;
      }
    } else if (/-----BEGIN (ENCRYPTED |RSA |EC )?PRIVATE KEY-----/.test(block)) {
      try {
        keys.push(createPrivateKey({ key: block, passphrase }));
      } catch {
        failures++;
      }
    }
  }
  return { certs, keys, failures };
}

/** Whether `key` is the private key of the certificate `certPem`. */
export function keyMatches(certPem: string, key: KeyObject): boolean {
  const ours = createPublicKey(key).export({ type: 'spki', format: 'der' });
  return Buffer.compare(ours, new X509Certificate(certPem).publicKey.export({ type: 'spki', format: 'der' })) === 0;
}

export const keyPemOf = (key: KeyObject): string => key.export({ type: 'pkcs8', format: 'pem' }).toString();

/** The private key as `export-certificate` writes it: PKCS#8 encrypted with the export passphrase. */
export const encryptedKeyPem = (keyPem: string, passphrase: string): string =>
  createPrivateKey(keyPem).export({ type: 'pkcs8', format: 'pem', cipher: 'aes-256-cbc', passphrase }).toString();

/**
 * The seeded certificate `www-ssl` names, made from the key pair the device serves (fleet.ts): the row's fingerprint is
 * the one a client pins at enrolment, and `/certificate` shows it as RouterOS shows a signed, self-signed certificate.
 */
export function servedCertificateRow(name: string, commonName: string, tls: { certPem: string; keyPem: string }): Row {
  const shown = describe(tls.certPem);
  const days = Math.round((Number(shown['.not-after']) - Number(shown['.not-before'])) / 86_400_000);
  return {
    ...shown,
    name, 'common-name': commonName, 'key-size': 'prime256v1', 'days-valid': String(days), trusted: 'true', 'digest-algorithm': 'sha256',
    'private-key': 'true', authority: String(shown['.ca'] === 'true'), '.pem': tls.certPem, '.key': tls.keyPem,
  };
}

/**
 * A PKCS#10 request (PEM) signed by `ca` (a CA row with its key): the request's subject and key, `days` valid, not a
 * CA itself. Throws when the request cannot be read or its signature does not verify.
 */
export async function signRequest(csrPem: string, ca: Row, now: number, days: number, digest: string): Promise<string> {
  const csr = new x509.Pkcs10CertificateRequest(csrPem);
  if (!(await csr.verify())) throw new Error('request signature does not verify');
  const signer = await signerOf(ca['.key']!, HASHES[digest] ?? 'SHA-256');
  const cert = await x509.X509CertificateGenerator.create({
    serialNumber: Buffer.from(webcrypto.getRandomValues(new Uint8Array(8))).toString('hex').replace(/^[89a-f]/, '1'),
    subject: csr.subject,
    issuer: new X509Certificate(ca['.pem']!).subject.split('\n').join(','),
    notBefore: new Date(Math.floor(now / 1000) * 1000),
    notAfter: new Date(Math.floor(now / 1000) * 1000 + days * 86_400_000),
    publicKey: await csr.publicKey.export(),
    signingKey: signer.key,
    signingAlgorithm: signer.algorithm,
    extensions: [new x509.BasicConstraintsExtension(false, undefined, true), await x509.SubjectKeyIdentifierExtension.create(await csr.publicKey.export())],
  });
  return cert.toString('pem');
}
