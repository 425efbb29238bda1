import type { CredentialSummary, Device } from './composition';
import type Table from 'cli-table3';
import { shown } from './display';

const PLAIN = {
  top: '', 'top-mid': '', 'top-left': '', 'top-right': '', bottom: '', 'bottom-mid': '', 'bottom-left': '', 'bottom-right': '',
  left: '', 'left-mid': '', mid: '', 'mid-mid': '', right: '', 'right-mid': '', middle: '  ',
};

/**
 * An aligned table without borders or colours: readable on a terminal, greppable in a pipe. Every cell is escaped
 * (see display.ts): a cell holding a line break or an escape would otherwise fake rows or hide them.
 */
export function table(head: string[], rows: string[][]): string {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use, like ./composition
  const TableOf = require('cli-table3') as typeof Table;
  const t = new TableOf({ head, chars: PLAIN, style: { head: [], border: [], 'padding-left': 0, 'padding-right': 0 } });
  t.push(...rows.map((row) => row.map(shown)));
  return t.toString().split('\n').map((line) => line.trimEnd()).join('\n');
}

/** `key: value` lines, aligned; every value escaped (see display.ts), so none can start a line of its own. */
export function keyValues(pairs: [string, string][]): string {
  const width = Math.max(...pairs.map(([k]) => k.length));
  return pairs.map(([k, v]) => `${(k + ':').padEnd(width + 1)} ${shown(v)}`).join('\n');
}

const iso = (d?: Date) => (d ? d.toISOString() : undefined);

/** The machine-readable shape of a device (snake_case, as in the rest of the public interface). */
export function deviceJson(device: Device, credentials?: CredentialSummary[]): Record<string, unknown> {
  const f = device.facts;
  return {
    id: device.id,
    name: device.name,
    host: device.host,
    port: device.restPort,
    ssh_port: device.sshPort,
    environment: device.environment,
    status: device.status,
    tags: { ...device.tags },
    capabilities: { ...device.capabilities },
    critical: device.critical,
    tls_fingerprint: device.tlsFingerprint ?? null,
    ssh_host_key: device.sshHostKey ?? null,
    tls_skip_verify: device.tlsSkipVerify,
    facts: { routeros_version: f.routerosVersion ?? null, identity: f.identity ?? null, board: f.board ?? null, serial: f.serial ?? null, last_seen_at: iso(f.lastSeenAt) ?? null },
    created_at: iso(device.createdAt),
    updated_at: iso(device.updatedAt),
    ...(credentials ? { credentials: credentials.map((c) => ({ purpose: c.purpose, username: c.username, key_id: c.keyId, updated_at: iso(c.updatedAt) })) } : {}),
  };
}

const tagsText = (device: Device) => Object.entries(device.tags).map(([k, v]) => `${k}=${v}`).join(',') || '-';

export function deviceTable(devices: Device[]): string {
  if (devices.length === 0) return 'No devices match.';
  return table(
    ['ID', 'NAME', 'HOST', 'PORT', 'ENV', 'STATUS', 'ROUTEROS', 'TAGS'],
    devices.map((d) => [d.id, d.name, d.host, String(d.restPort), d.environment, d.status, d.facts.routerosVersion ?? '-', tagsText(d)]),
  );
}

export function deviceDetails(device: Device, credentials: CredentialSummary[]): string {
  const on = Object.entries(device.capabilities).filter(([, v]) => v).map(([k]) => k);
  const f = device.facts;
  return keyValues([
    ['id', device.id],
    ['name', device.name],
    ['host', `${device.host} (REST ${device.restPort}, SSH ${device.sshPort})`],
    ['environment', device.environment],
    ['status', device.status],
    ['critical', device.critical ? 'yes' : 'no'],
    ['tags', tagsText(device)],
    ['capabilities', on.join(', ') || 'none (read-only)'],
    ['tls fingerprint', device.tlsFingerprint ?? (device.tlsSkipVerify ? 'verification skipped (lab only)' : 'not pinned')],
    ['ssh host key', device.sshHostKey ?? 'not pinned'],
    ['routeros', [f.routerosVersion, f.board, f.identity && `identity ${f.identity}`, f.serial && `serial ${f.serial}`].filter(Boolean).join(', ') || 'not contacted yet'],
    ['last seen', iso(f.lastSeenAt) ?? 'never'],
    ['credentials', credentials.map((c) => `${c.purpose} as ${c.username} (key ${c.keyId})`).join('; ') || 'none'],
    ['enrolled', iso(device.createdAt)!],
    ['updated', iso(device.updatedAt)!],
  ]);
}
