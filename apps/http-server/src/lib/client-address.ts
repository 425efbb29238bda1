import type { IncomingMessage } from 'node:http';
import ipaddr from 'ipaddr.js';
import type { HttpSettings } from './http-settings';

function trusted(address: string, settings: HttpSettings): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.process(address);
  return settings.trustedProxies.some(([prefix, bits]) => parsed.kind() === prefix.kind() && parsed.match(prefix, bits));
}

/**
 * The caller's address for logs: the socket's peer, or, when that peer is a trusted proxy, the nearest address in
 * X-Forwarded-For that is not itself a trusted proxy (anything further left could be made up by the client).
 */
export function clientAddressOf(req: IncomingMessage, settings: HttpSettings): string {
  const peer = req.socket.remoteAddress ?? 'unknown';
  if (!trusted(peer, settings)) return peer;
  const forwarded = (req.headers['x-forwarded-for'] ?? '').toString().split(',').map((part) => part.trim()).filter(Boolean);
  for (let i = forwarded.length - 1; i >= 0; i--) if (!trusted(forwarded[i], settings)) return forwarded[i];
  return forwarded[0] ?? peer;
}
