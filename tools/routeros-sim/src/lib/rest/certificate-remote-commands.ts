import { randomBytes } from 'node:crypto';
import { commandItems } from './command-items';
import type { MenuCommand } from './menu-commands';
import { unreachable } from './reach-out-commands';
import { errors, RestError } from './rest-error';

/**
 * Certificates obtained from or checked against other hosts (Certificates manual: SCEP, ACME `enable-ssl-certificate`,
 * CRL download), smart cards, and the SCEP server's own commands. The servers are other hosts the simulator never
 * answers, so those fail as reach-out commands do (reach-out-commands.ts); a simulated router has no smart card; the
 * SCEP server gets no requests. Refusal texts are chosen (the manual gives none; docs/simulator.md).
 */
const PORTS: Record<string, number> = { 'http:': 80, 'https:': 443 };

function reachUrl(state: Parameters<MenuCommand>[0], key: string, value: string): never {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw errors.invalidValue(key, value);
  }
  if (PORTS[url.protocol] === undefined) throw errors.invalidValue(key, value);
  return unreachable(state, url.hostname.replace(/^\[|\]$/g, ''), url.port ? Number(url.port) : PORTS[url.protocol]);
}

/** `add-scep template= scep-url= …`: the template must exist; the SCEP server never answers. */
const addScep: MenuCommand = (state, body) => {
  if (body['scep-url'] === undefined) throw errors.missingValue('scep-url');
  if (body['template'] === undefined) throw errors.missingValue('template');
  if (!state.rawRow('certificate', String(body['template']))) throw errors.noMatch('template');
  return reachUrl(state, 'scep-url', String(body['scep-url']));
};

/** ACME (Let's Encrypt unless `directory-url`): the directory server never answers. */
const LETS_ENCRYPT = 'https://acme-v02.api.letsencrypt.org/directory';
const enableSsl: MenuCommand = (state, body) => reachUrl(state, 'directory-url', String(body['directory-url'] ?? LETS_ENCRYPT));

/** `/certificate crl download`: each CRL's distribution point is another host; with no CRL there is nothing to fetch. */
const crlDownload: MenuCommand = (state) => {
  const first = state.list('certificate/crl').find((row) => row['url']);
  return first ? reachUrl(state, 'url', String(first['url'])) : [];
};

const noCard: MenuCommand = () => {
  throw new RestError(400, 'failure: no smart card found');
};

/** `issued-revoke numbers=`: only a certificate this router's CA issued can be revoked here. */
const issuedRevoke: MenuCommand = (state, body) => {
  const rows = commandItems(state, 'certificate', body);
  if (rows.some((row) => !row['ca'])) throw new RestError(400, 'failure: certificate is not issued by this router');
  for (const row of rows) state.commandUpdate('certificate', row['.id'], { revoked: 'true' });
  return [];
};

/** `scep-renew numbers=`: no certificate here was enrolled over SCEP (add-scep never gets an answer). */
const scepRenew: MenuCommand = (state, body) => {
  commandItems(state, 'certificate', body);
  throw new RestError(400, 'failure: certificate was not enrolled with SCEP');
};

/** `scep-server otp generate [minutes-valid=]`: a one-time challenge password for a SCEP client (shown once). */
const otpGenerate: MenuCommand = () => [{ password: randomBytes(8).toString('hex').toUpperCase() }];

export const CERTIFICATE_REMOTE_COMMANDS: Record<string, MenuCommand> = {
  'certificate/add-scep': addScep,
  'certificate/enable-ssl-certificate': enableSsl,
  'certificate/crl/download': crlDownload,
  // Nothing was ever downloaded, so there is no cached CRL to drop.
  'certificate/crl/flush': () => [],
  'certificate/card-verify': noCard,
  'certificate/card-reinstall': noCard,
  'certificate/issued-revoke': issuedRevoke,
  'certificate/scep-renew': scepRenew,
  'certificate/scep-server/otp/generate': otpGenerate,
  // The RA renews its certificate from its CA (another host, reached as add-scep reaches one).
  'certificate/scep-server/ra/renew': (state, body) => {
    const [ra] = commandItems(state, 'certificate/scep-server/ra', body);
    return reachUrl(state, 'server-url', String(ra['server-url'] ?? ''));
  },
  // No SCEP client ever reaches the simulated server, so there are no requests to grant.
  'certificate/scep-server/requests/grant': (state, body) => {
    commandItems(state, 'certificate/scep-server/requests', body);
    return [];
  },
};
