import type { TextArgTable } from './text-args';

/**
 * Routing arguments that name something RouterOS takes on first use, so any name is accepted: routing filter chains
 * and select chains (a chain exists while a rule names it: the reference's routing/filter/chain is a dynamic list),
 * firewall address lists (a list exists while an entry names it), community and num lists (the `list` their entries
 * name), RPKI groups, RIP key chains, free comments and filter rule text. The reference types the references among
 * them `enum` (a list the firmware fills from those names), not a closed list, so no rule is written for them.
 */
const CLI = 'https://manual.mikrotik.com/docs/cli-reference/routing';
const BGP = `${CLI}/bgp.md`;
/** The BGP template's (and so the connection's) chain, select-chain, address-list and community/num-list names. */
const BGP_NAMES = [
  'input.accept-communities', 'input.accept-ext-communities', 'input.accept-large-communities', 'input.accept-nlri',
  'input.filter', 'input.filter-communities', 'input.filter-ext-communities', 'input.filter-large-communities',
  'input.filter-nlri', 'input.filter-unknown', 'output.filter-chain', 'output.filter-select', 'output.network',
];
const FILTER_CHAINS = ['in-filter-chain', 'out-filter-chain', 'out-filter-select'];

export const ROUTING_TEXT_ARGS: TextArgTable = {
  'routing/bgp/template': { args: BGP_NAMES, source: BGP },
  'routing/bgp/connection': { args: [...BGP_NAMES, 'remote.allowed-as'], source: BGP },
  'routing/bgp/vpn': { args: ['export.filter-chain', 'export.filter-select', 'import.filter-chain'], source: BGP },
  'routing/bfd/configuration': { args: ['address-list'], source: `${CLI}/bfd/configuration.md` },
  'routing/filter/community-list': { args: ['list'], source: `${CLI}/filter.md` },
  'routing/filter/community-ext-list': { args: ['list'], source: `${CLI}/filter.md` },
  'routing/filter/community-large-list': { args: ['list'], source: `${CLI}/filter.md` },
  'routing/filter/num-list': { args: ['list'], source: `${CLI}/filter.md` },
  'routing/filter/rule': { args: ['chain', 'comment', 'rule'], source: `${CLI}/filter.md` },
  'routing/filter/select-rule': { args: ['chain', 'do-jump', 'do-where'], source: `${CLI}/filter/select-rule.md` },
  'routing/isis/instance': { args: ['in-filter-chain', 'l1.out-filter-chain', 'l1.out-filter-select', 'l2.out-filter-chain', 'l2.out-filter-select'], source: `${CLI}/isis/instance.md` },
  'routing/ospf/instance': { args: FILTER_CHAINS, source: `${CLI}/ospf.md` },
  'routing/ospf/interface-template': { args: ['prefix-list'], source: `${CLI}/ospf.md` },
  'routing/rip/instance': { args: FILTER_CHAINS, source: `${CLI}/rip.md` },
  'routing/rip/interface-template': { args: ['key-chain'], source: `${CLI}/rip.md` },
  'routing/rip/keys': { args: ['chain'], source: `${CLI}/rip.md` },
  'routing/route/rule': { args: ['comment'], source: `${CLI}/route.md` },
  'routing/rpki': { args: ['group'], source: `${CLI}/rpki.md` },
  'routing/rule': { args: ['comment'], source: `${CLI}/rule.md` },
  'routing/settings': { args: ['connected-in-chain', 'dynamic-in-chain'], source: `${CLI}/settings.md` },
};
