import 'reflect-metadata';
import * as x509 from '@peculiar/x509';
import { webcrypto } from 'node:crypto';
import type { DeviceState } from '../model/device-state';
import { EC_CURVES } from '../model/certificate';
import { encryptedKeyPem } from '../model/certificate-x509';
import { errors } from './rest-error';
import type { MenuCommand } from './menu-commands';

x509.cryptoProvider.set(webcrypto as unknown as Parameters<typeof x509.cryptoProvider.set>[0]);

const pem = (label: string, der: ArrayBuffer) => `-----BEGIN ${label}-----\n${Buffer.from(der).toString('base64').match(/.{1,64}/g)!.join('\n')}\n-----END ${label}-----\n`;

/** `CN=…,O=…` from a template's subject fields (as `sign` puts them in a certificate). */
function subjectOf(row: Record<string, string>): string {
  const parts: [string, string | undefined][] = [['C', row['country']], ['ST', row['state']], ['L', row['locality']], ['O', row['organization']], ['OU', row['unit']], ['CN', row['common-name']]];
  return parts.filter(([, v]) => v).map(([k, v]) => `${k}=${v!.replace(/([,+"\\<>;=])/g, '\\$1')}`).join(',');
}

/**
 * `/certificate create-certificate-request template=T key-passphrase=P` (Certificates manual): a PKCS#10 request
 * for the template's subject with a fresh key of its `key-size`, written to /file as `certificate-request.pem`, and
 * the key, encrypted with the passphrase, as `certificate-request_key.pem` (the names RouterOS uses); the template is
 * left as it is. The console asks for the template and passphrase when they are missing; without a terminal they are
 * required (chosen, docs/simulator.md).
 */
const createCertificateRequest: MenuCommand = async (state: DeviceState, body) => {
  if (body['template'] === undefined) throw errors.missingValue('template');
  const template = state.rawRow('certificate', String(body['template']));
  if (!template) throw errors.noMatch('template');
  const passphrase = body['key-passphrase'] === undefined ? '' : String(body['key-passphrase']);
  if (!passphrase) throw errors.missingValue('key-passphrase');
  const keySize = template['key-size'] ?? '2048';
  const curve = EC_CURVES[keySize];
  const algorithm = curve ? { name: 'ECDSA', namedCurve: curve, hash: 'SHA-256' } : { name: 'RSASSA-PKCS1-v1_5', modulusLength: Number(keySize), publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' };
  const keys = (await webcrypto.subtle.generateKey(algorithm, true, ['sign', 'verify'])) as webcrypto.CryptoKeyPair;
  const challenge = body['challenge-passphrase'] === undefined ? [] : [new x509.ChallengePasswordAttribute(String(body['challenge-passphrase']))];
  const csr = await x509.Pkcs10CertificateRequestGenerator.create({ name: subjectOf(template), keys, signingAlgorithm: algorithm, attributes: challenge });
  const keyPem = pem('PRIVATE KEY', await webcrypto.subtle.exportKey('pkcs8', keys.privateKey));
  state.writeFile('certificate-request.pem', '.pem file', csr.toString('pem'));
  state.writeFile('certificate-request_key.pem', '.pem file', encryptedKeyPem(keyPem, passphrase));
  return [];
};

export const CERTIFICATE_REQUEST_COMMANDS: Record<string, MenuCommand> = { 'certificate/create-certificate-request': createCertificateRequest };
