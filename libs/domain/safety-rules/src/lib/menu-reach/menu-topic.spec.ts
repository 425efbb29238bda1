import { menuTopic } from './menu-topic';

describe('menuTopic', () => {
  it.each([
    ['ip/firewall/nat', 'firewall'],
    ['ipv6/firewall/filter', 'firewall'],
    ['interface/bridge/filter', 'firewall'],
    ['interface/bridge/vlan', 'bridge'],
    ['interface/bridge', 'bridge'],
    ['ip/route', 'routing'],
    ['routing/ospf/instance', 'routing'],
    ['interface/wifi/security', 'wireless'],
    ['ip/dhcp-server/lease', 'dhcp'],
    ['ip/dhcp-client', 'menu'],
    ['ip/routes-made-up', 'menu'],
    ['system/identity', 'menu'],
  ])('%s → %s', (menu, topic) => expect(menuTopic(menu)).toBe(topic));
});
