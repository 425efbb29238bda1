import type { DeviceState } from '../model/device-state';
import type { Row } from '../rest/print-query';

/** A singleton as `print` shows it: right-aligned names, a colon, the value. */
function properties(row: Row): string {
  const keys = Object.keys(row).filter((k) => !k.startsWith('.'));
  const width = Math.max(0, ...keys.map((k) => k.length));
  return keys.map((k) => `${k.padStart(width + 2)}: ${row[k]}`).join('\r\n') + '\r\n';
}

/** Rows as `print terse` shows them: the number, then `name=value` pairs. */
function terse(rows: Row[]): string {
  return rows.map((r, i) => `${String(i).padStart(2)} ${Object.entries(r).filter(([k]) => !k.startsWith('.')).map(([k, v]) => `${k}=${v}`).join(' ')}`).join('\r\n') + '\r\n';
}

function addresses(state: DeviceState): string {
  const header = 'Flags: X - DISABLED, I - INVALID; D - DYNAMIC\r\nColumns: ADDRESS, NETWORK, INTERFACE\r\n#   ADDRESS            NETWORK        INTERFACE';
  const body = state.list('ip/address').map((r, i) => {
    const flags = `${r['disabled'] === 'true' ? 'X' : ' '}${r['invalid'] === 'true' ? 'I' : ' '}`;
    const comment = r['comment'] ? `;;; ${r['comment']}\r\n` : '';
    return `${comment}${String(i).padEnd(2)}${flags}${(r['address'] ?? '').padEnd(19)}${(r['network'] ?? '').padEnd(15)}${r['interface'] ?? ''}`;
  });
  return [header, ...body].join('\r\n') + '\r\n';
}

/** `print` output: RouterOS's console layout for the menus the service reads, a terse listing for the rest. */
export function renderPrint(state: DeviceState, path: string): string {
  if (path === 'ip/address') return addresses(state);
  const spec = state.menu(path);
  if (!spec) return '';
  return spec.kind === 'singleton' ? properties(state.singleton(path)) : terse(state.list(path));
}
