import { result, SafetyRule } from '../safety-rule';

/** A service deployed for one environment never touches a device of another (a lab server cannot reach prod). */
export const environmentMatchRule: SafetyRule = {
  id: 'ENVIRONMENT_MATCH',
  description: "The device's environment must equal the service's environment.",
  needsDeviceState: false,
  evaluate(ctx) {
    if (!ctx.device) return result(this, 'not_applicable', 'no device involved');
    if (ctx.device.environment === ctx.serviceEnvironment) return result(this, 'pass', 'environments match');
    return result(
      this,
      'fail',
      `device '${ctx.device.id}' is in ${ctx.device.environment} but this service runs for ${ctx.serviceEnvironment}`,
      { device_id: ctx.device.id, device_environment: ctx.device.environment, service_environment: ctx.serviceEnvironment },
    );
  },
};
