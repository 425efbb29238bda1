import type { Row } from '../rest/print-query';
import type { Packet } from './management-path';

type Matcher = (rule: Row, p: Packet, rows: (path: string) => Row[]) => boolean;

/**
 * Walks a mangle chain over a packet of the service's connection, setting the marks its rules give (`mark-connection`,
 * `mark-routing`, `mark-packet`). As the manual's Mangle page says, `passthrough=no` stops the chain after a mark;
 * `accept` stops it; `jump`/`return` work as in the filter. Other actions (change-mss, log…) leave the packet going on.
 */
export function walkMangle(chain: string, p: Packet, rows: (path: string) => Row[], matches: Matcher, depth = 0): 'stop' | 'return' | undefined {
  if (depth > 16) return undefined;
  for (const rule of rows('ip/firewall/mangle').filter((r) => r['disabled'] !== 'true' && r['chain'] === chain)) {
    if (!matches(rule, p, rows)) continue;
    const passthrough = !['false', 'no'].includes(rule['passthrough'] ?? 'true');
    switch (rule['action'] ?? 'accept') {
      case 'accept': return 'stop';
      case 'return': return 'return';
      case 'jump': {
        const result = walkMangle(rule['jump-target'] ?? '', p, rows, matches, depth + 1);
        if (result === 'stop') return 'stop';
        break;
      }
      case 'mark-connection':
        p.connectionMark = rule['new-connection-mark'] ?? 'no-mark';
        if (!passthrough) return 'stop';
        break;
      case 'mark-routing':
        p.routingMark = rule['new-routing-mark'] ?? 'no-mark';
        if (!passthrough) return 'stop';
        break;
      case 'mark-packet':
        p.packetMark = rule['new-packet-mark'] ?? 'no-mark';
        if (!passthrough) return 'stop';
        break;
      default:
    }
  }
  return undefined;
}
