import type { DeviceState } from '../model/device-state';

/** `print` output for the few menus the service reads over SSH, in RouterOS's console layout. */
export function renderPrint(state: DeviceState, path: string): string | undefined {
  if (path === 'system/resource') {
    const row = state.singleton('system/resource');
    const width = Math.max(...Object.keys(row).map((k) => k.length));
    return Object.entries(row).map(([k, v]) => `${k.padStart(width + 2)}: ${v}`).join('\r\n') + '\r\n';
  }
  if (path === 'ip/address') {
    const rows = state.list('ip/address');
    const header = 'Flags: X - DISABLED, I - INVALID; D - DYNAMIC\r\nColumns: ADDRESS, NETWORK, INTERFACE\r\n#   ADDRESS            NETWORK        INTERFACE';
    const body = rows.map((r, i) => {
      const flags = `${r['disabled'] === 'true' ? 'X' : ' '}${r['invalid'] === 'true' ? 'I' : ' '}`;
      const comment = r['comment'] ? `;;; ${r['comment']}\r\n` : '';
      return `${comment}${String(i).padEnd(2)}${flags}${(r['address'] ?? '').padEnd(19)}${(r['network'] ?? '').padEnd(15)}${r['interface'] ?? ''}`;
    });
    return [header, ...body].join('\r\n') + '\r\n';
  }
  return undefined;
}
