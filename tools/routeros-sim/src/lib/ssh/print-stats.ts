/**
 * `print stats`: the statistics a menu counts, in the list layout of `print detail` (RouterOS prints `stats` as
 * items of `name=value` pairs). The properties per menu are chosen from the menus' manuals (Queues, Interface
 * stats, firewall counters); a menu not listed prints every property, as `detail` does.
 */
export const STATS_PROPERTIES: Record<string, string[]> = {
  'queue/simple': [
    'name', 'target', 'rate', 'total-rate', 'packet-rate', 'total-packet-rate', 'queued-bytes', 'total-queued-bytes', 'queued-packets', 'total-queued-packets',
    'bytes', 'total-bytes', 'packets', 'total-packets', 'dropped', 'total-dropped',
  ],
  'queue/tree': ['name', 'parent', 'packet-mark', 'rate', 'packet-rate', 'queued-bytes', 'queued-packets', 'bytes', 'packets', 'dropped'],
  interface: ['name', 'rx-byte', 'tx-byte', 'rx-packet', 'tx-packet', 'rx-drop', 'tx-drop', 'tx-queue-drop', 'rx-error', 'tx-error'],
  'ip/firewall/filter': ['chain', 'action', 'bytes', 'packets'],
  'ip/firewall/nat': ['chain', 'action', 'bytes', 'packets'],
  'ip/firewall/mangle': ['chain', 'action', 'bytes', 'packets'],
  'ip/firewall/raw': ['chain', 'action', 'bytes', 'packets'],
};

/** A bit rate as the console prints it (`960bps`, `1134.4kbps`, `12.5Mbps`); REST answers the plain number. */
export function consoleRate(bits: string): string {
  const n = Number(bits);
  if (!Number.isFinite(n) || n < 1000) return `${bits}bps`;
  const [unit, div] = n < 1e6 ? ['kbps', 1e3] : n < 1e9 ? ['Mbps', 1e6] : ['Gbps', 1e9];
  return `${(n / (div as number)).toFixed(1)}${unit}`;
}

/** A queue's `rate` and `total-rate` on the console: each direction in bits per second with its unit (`1.2Mbps/0bps`). */
export function queueRateValue(menu: string, key: string, value: string): string {
  if (!menu.startsWith('queue/') || (key !== 'rate' && key !== 'total-rate') || !/^\d+(\/\d+)?$/.test(value)) return value;
  return value.split('/').map(consoleRate).join('/');
}
