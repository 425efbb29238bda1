import { singletonSetPlanner } from './singleton-set.planner';

export const systemIdentityPlanner = singletonSetPlanner<{ name: string }>({
  menu: 'system/identity',
  desired: ({ name }) => ({ name }),
  summary: ({ name }) => `set the identity to ${name}`,
});
