import type { ChangePlanner } from '../../change-planner';
import { boolWord } from '../common/rows';
import { setInterface } from './interface-set';

export interface InterfaceSetEnabledInput {
  interface: string;
  enabled: boolean;
}

export const interfaceSetEnabledPlanner: ChangePlanner<InterfaceSetEnabledInput> = {
  reads: () => ['interface'],
  propose: (live, input) =>
    setInterface(live, input.interface, { disabled: boolWord(!input.enabled) }, {
      summary: `${input.enabled ? 'enable' : 'disable'} ${input.interface}`,
      same: `${input.interface} is already ${input.enabled ? 'enabled' : 'disabled'}`,
      // Disabling a port drops everything behind it; enabling one only opens a path.
      risk: input.enabled ? 'medium' : 'high',
    }),
};
