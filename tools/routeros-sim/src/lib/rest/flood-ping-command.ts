import type { MenuCommand } from './menu-commands';
import { pathTo, pingRow, resolveHost } from './diagnostics';
import { errors } from './rest-error';
import { sessionSleep } from './session-sleep';

/**
 * `/tool flood-ping address= [count=] [size=] [timeout=]` (Flood ping manual: sent, received, min-rtt, avg-rtt,
 * max-rtt): the packets go as `/ping`'s do (rest/diagnostics.ts: routed, answered or not), one summary row at the
 * end. Without `count` it sends 1000 (chosen); the simulator's time is compressed, so the summary comes after a
 * moment (at once with `once`).
 */
export const FLOOD_PING: Record<string, MenuCommand> = {
  'tool/flood-ping': async (state, body, signal) => {
    const host = body['address'];
    if (host === undefined || host === '') throw errors.missingValue('address');
    const count = body['count'] === undefined ? 1000 : /^\d+$/.test(String(body['count'])) ? Number(body['count']) : NaN;
    if (!(count >= 1 && count <= 100000)) throw errors.invalidValue('count', String(body['count']));
    const address = resolveHost(state, String(host));
    const path = pathTo(state, address);
    if (body['once'] === undefined) await sessionSleep(5, signal);
    const times: number[] = [];
    let last: Record<string, string> = {};
    for (let seq = 0; seq < count; seq++) last = pingRow(state, address, path, seq, String(body['size'] ?? 64), times);
    return [{ sent: last['sent'], received: last['received'], ...(last['min-rtt'] ? { 'min-rtt': last['min-rtt'], 'avg-rtt': last['avg-rtt'], 'max-rtt': last['max-rtt'] } : {}) }];
  },
};
