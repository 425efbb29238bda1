import { DeviceState } from './device-state';
import { seedConfig } from './profiles';

const users = [{ name: 'admin', password: 'x', group: 'full' as const }];
const edge = () => new DeviceState('7.20.5', 42, () => seedConfig({ profile: 'edge', version: '7.20.5', identity: 'r1', index: 0, users }));
const defaults = (s: DeviceState) => s.list('ip/route').filter((r) => r['dst-address'] === '0.0.0.0/0').map((r) => [r['comment'], r['active'], r['inactive']]);

describe('route selection', () => {
  it('makes only the lowest-distance default route active; the backup waits inactive', () => {
    expect(defaults(edge())).toEqual([['default via uplink A', 'true', 'false'], ['backup via uplink B', 'false', 'true']]);
  });

  it('names the next hop with its interface, as RouterOS does', () => {
    const route = edge().get('ip/route', '*80000000');
    expect(route['immediate-gw']).toBe('203.0.113.1%sfp-sfpplus1');
  });

  it('activates the backup when the best route is disabled, removed, or its gateway becomes unreachable', () => {
    const disabled = edge();
    disabled.update('ip/route', '*80000000', { disabled: 'yes' });
    expect(defaults(disabled)).toEqual([['default via uplink A', 'false', 'true'], ['backup via uplink B', 'true', 'false']]);
    const removed = edge();
    removed.remove('ip/route', '*80000000');
    expect(defaults(removed)).toEqual([['backup via uplink B', 'true', 'false']]);
    const linkDown = edge();
    linkDown.update('interface/ethernet', 'sfp-sfpplus1', { disabled: 'yes' });
    expect(defaults(linkDown)).toEqual([['default via uplink A', 'false', 'true'], ['backup via uplink B', 'true', 'false']]);
  });
});
