import type { ChangePlanner } from '../../change-planner';
import { setInterface } from './interface-set';

export interface InterfaceSetCommentInput {
  interface: string;
  /** Empty clears it. */
  comment: string;
}

export const interfaceSetCommentPlanner: ChangePlanner<InterfaceSetCommentInput> = {
  reads: () => ['interface'],
  propose: (live, input) =>
    setInterface(live, input.interface, { comment: input.comment }, {
      summary: input.comment ? `set the comment of ${input.interface} to "${input.comment}"` : `clear the comment of ${input.interface}`,
      same: `${input.interface} already has that comment`,
      risk: 'low',
    }),
};
