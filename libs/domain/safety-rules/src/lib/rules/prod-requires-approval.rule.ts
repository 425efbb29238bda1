import { result, SafetyRule } from '../safety-rule';

/** Production is only changed through a plan that a human approved out of band. */
export const prodRequiresApprovalRule: SafetyRule = {
  id: 'PROD_REQUIRES_APPROVAL',
  description: 'Writes to prod devices run only as steps of an approved plan.',
  needsDeviceState: false,
  evaluate(ctx) {
    if (!ctx.operation.writes || !ctx.device) return result(this, 'not_applicable', 'not a device write');
    if (ctx.device.environment !== 'prod') return result(this, 'pass', `${ctx.device.environment} writes need no plan approval`);
    if (ctx.approvedPlanId) return result(this, 'pass', `runs under approved plan ${ctx.approvedPlanId}`);
    return result(this, 'fail', `device '${ctx.device.id}' is in prod; create a plan and have it approved before changing it`, {
      device_id: ctx.device.id,
    });
  },
};
