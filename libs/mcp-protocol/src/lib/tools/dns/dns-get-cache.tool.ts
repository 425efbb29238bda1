import { menuListTool } from '../menu-list-tool';

export const dnsGetCache = menuListTool({
  name: 'dns_get_cache',
  title: 'DNS cache',
  description: 'Entries in the DNS cache: name, type, data and TTL.',
  menu: 'ip/dns/cache',
  columns: ['name', 'type', 'data', 'ttl'],
  deepDive: true,
});
