import { result, SafetyRule } from '../safety-rule';

/**
 * A write must not cut the path this service uses to reach the device (its address, interface, bridge port,
 * the www-ssl/ssh service, an input-chain drop, the route back). Deciding that needs the device's live state, which
 * this context does not carry: here the rule only marks device writes as not yet evaluated. The change pipeline
 * decides it with `evaluateManagementPath(before, after, login)` (`../management-path/`), on the live rows of
 * `MANAGEMENT_PATH_MENUS` and the same rows with the change applied.
 */
export const protectManagementPathRule: SafetyRule = {
  id: 'PROTECT_MANAGEMENT_PATH',
  description: 'A change must not cut the path the service uses to reach the device.',
  needsDeviceState: true,
  evaluate(ctx) {
    if (!ctx.operation.writes || !ctx.device) return result(this, 'not_applicable', 'not a device write');
    return result(this, 'not_evaluated', `the management path of '${ctx.device.id}' must be checked against its live state first`, {
      device_id: ctx.device.id,
    });
  },
};
