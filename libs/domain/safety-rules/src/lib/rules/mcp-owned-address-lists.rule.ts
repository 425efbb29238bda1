import { result, SafetyRule } from '../safety-rule';

/** Address lists this service may write. Lists an operator built by hand (and the rules that use them) stay untouched. */
export const MCP_ADDRESS_LIST_PREFIX = 'mcp-';
const LIST_NAME = /^mcp-[a-z0-9][a-z0-9_-]{0,58}$/;

export const mcpOwnedAddressListsRule: SafetyRule = {
  id: 'MCP_OWNED_ADDRESS_LISTS',
  description: `Address-list writes only touch lists named ${MCP_ADDRESS_LIST_PREFIX}*.`,
  needsDeviceState: false,
  evaluate(ctx) {
    const list = ctx.input?.addressList;
    if (!ctx.operation.writes || list === undefined) return result(this, 'not_applicable', 'no address-list write');
    if (LIST_NAME.test(list)) return result(this, 'pass', `list '${list}' is owned by this service`);
    return result(
      this,
      'fail',
      `address list '${list}' is not owned by this service; only lists named ${MCP_ADDRESS_LIST_PREFIX}<lower-case name> may be changed`,
      { address_list: list },
    );
  },
};
