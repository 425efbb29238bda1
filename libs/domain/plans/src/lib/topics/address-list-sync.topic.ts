import { addressListSyncPlanner, AddressListSyncInput, MANAGED_LIST_PREFIX } from '@routeros-mcp/domain-changes';
import { ValidationError } from '@routeros-mcp/domain-kernel';
import { desiredStateHeld } from '../rollout/topic-checks';
import type { PlanTopic } from './plan-topic';
import { onlyKeys, stringList } from './topic-fields';

/** One `mcp-…` address list made equal to a set on every target: `{ list, addresses }`. Other lists untouched. */
export const addressListSyncTopic: PlanTopic<AddressListSyncInput> = {
  name: 'address_list_sync',
  // `firewall_…`: the pipeline asks for allow_firewall_writes from the tool's topic as well.
  tool: 'firewall_sync_address_list',
  requiresFlag: 'allow_firewall_writes',
  parse(change) {
    onlyKeys(change, ['list', 'addresses'], '');
    const list = change['list'];
    if (typeof list !== 'string' || !/^mcp-[A-Za-z0-9_.-]{1,59}$/.test(list)) throw ValidationError.single('list', `must be a list name starting with ${MANAGED_LIST_PREFIX} (letters, digits, _ . -)`);
    return { list, addresses: stringList(change['addresses'], 'addresses', { allowEmpty: true }) };
  },
  describe: (input) => `${input.list} = {${input.addresses.length} address(es)}`,
  planner: addressListSyncPlanner,
  verify: (input, live) => [desiredStateHeld({ planner: addressListSyncPlanner }, input, live, `${input.list} holds exactly the ${input.addresses.length} planned address(es)`)],
};
