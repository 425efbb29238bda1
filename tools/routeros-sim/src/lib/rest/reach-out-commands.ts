import type { DeviceState } from '../model/device-state';
import { pathTo, resolveHost } from './diagnostics';
import type { MenuCommand } from './menu-commands';
import { errors, RestError } from './rest-error';

/**
 * Commands that open a connection to another host: fetch, e-mail, bandwidth and speed tests, SNMP queries, dynamic
 * DNS updates, the SSH and Telnet clients. The simulator emulates no server beyond the device, so each fails as a
 * router whose connection gets no answer: the target is resolved and routed as `/ping` does (rest/diagnostics.ts:
 * `dns server failure`, `no route to host`), and a routed target never answers (`connection timed out`). The
 * `failure: connection to A:P failed: reason` text is chosen (no source gives RouterOS's words; docs/simulator.md).
 */
export function unreachable(state: DeviceState, host: string, port: number): never {
  const address = resolveHost(state, host);
  const path = pathTo(state, address);
  throw new RestError(400, `failure: connection to ${address}:${port} failed: ${path.reachable ? 'connection timed out' : path.status}`);
}

const required = (body: Record<string, unknown>, key: string): string => {
  const value = body[key];
  if (value === undefined || value === '') throw errors.missingValue(key);
  return String(value);
};

const portOf = (body: Record<string, unknown>, fallback: number) => (body['port'] !== undefined && /^\d+$/.test(String(body['port'])) ? Number(body['port']) : fallback);

/** Fetch manual: `url` (its scheme gives the default port) or `address` with `mode` (http, https, ftp, tftp, sftp). */
const FETCH_PORTS: Record<string, number> = { http: 80, https: 443, ftp: 21, tftp: 69, sftp: 22 };

const fetch: MenuCommand = (state, body) => {
  if (body['url'] !== undefined) {
    let url: URL;
    try {
      url = new URL(String(body['url']));
    } catch {
      throw errors.invalidValue('url', String(body['url']));
    }
    const scheme = url.protocol.replace(/:$/, '');
    if (FETCH_PORTS[scheme] === undefined) throw errors.invalidValue('url', String(body['url']));
    unreachable(state, url.hostname.replace(/^\[|\]$/g, ''), url.port ? Number(url.port) : portOf(body, FETCH_PORTS[scheme]));
  }
  const address = required(body, 'address');
  unreachable(state, address, portOf(body, FETCH_PORTS[String(body['mode'] ?? 'http')] ?? 80));
};

/** E-mail manual: `to` is required; the server is the command's or `/tool/e-mail`'s (port 25 unless set). */
const email: MenuCommand = (state, body) => {
  required(body, 'to');
  const settings = state.menu('tool/e-mail') ? state.singleton('tool/e-mail') : {};
  const server = String(body['server'] ?? settings['server'] ?? settings['address'] ?? '');
  if (server === '' || server === '0.0.0.0') throw new RestError(400, 'failure: no e-mail server configured');
  unreachable(state, server, portOf(body, Number(settings['port'] ?? 25)));
};

/** A client whose target is `key` (`address`), on `port` unless the command gives one. */
const client = (port: number, key = 'address'): MenuCommand => (state, body) => unreachable(state, required(body, key), portOf(body, port));

export const REACH_OUT_COMMANDS: Record<string, MenuCommand> = {
  'tool/fetch': fetch,
  'tool/e-mail/send': email,
  // Bandwidth test server (TCP 2000), speed test (the same server), SNMP agent (UDP 161).
  'tool/bandwidth-test': client(2000),
  'tool/speed-test': client(2000),
  'tool/snmp-get': client(161),
  'tool/snmp-walk': client(161),
  'tool/dns-update': client(53, 'dns-server'),
  'system/ssh': client(22),
  'system/ssh-exec': client(22),
  'system/telnet': client(23),
};
