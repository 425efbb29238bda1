import type { RefRule } from './generic-refs';
import { BUILTIN_QUEUE_TYPES } from './queue-types';

/**
 * References of generic `/ip` menus the CLI reference settles, merged into model/generic-refs.ts's table (so they are
 * checked when written and follow renames as the others do). HotSpot user profiles place their dynamic queues as the
 * DHCP server does (model/dhcp-values.ts): `super { enum (bottom | first) }` or a simple queue, `super { enum (none) }`
 * or a simple queue as parent, and a queue type (a built-in one the Queues page lists, or a `/queue/type` row). IP
 * CALEA's `layer7-protocol` (`super { !, enum }`) names a layer7 protocol, as the firewall tables' does.
 */
export const IP_TOOL_REFS: Record<string, Record<string, RefRule>> = {
  'ip/hotspot/user/profile': {
    'insert-queue-before': { menus: ['queue/simple'], keywords: ['bottom', 'first'] },
    'parent-queue': { menus: ['queue/simple'], keywords: ['none'] },
    'queue-type': { menus: ['queue/type'], keywords: BUILTIN_QUEUE_TYPES },
  },
  'ip/firewall/calea': { 'layer7-protocol': { menus: ['ip/firewall/layer7-protocol'], negatable: true } },
};
