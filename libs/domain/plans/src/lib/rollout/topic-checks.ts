import type { LiveRows } from '@routeros-mcp/domain-changes';
import type { PlanTopic, TopicCheck } from '../topics/plan-topic';

/**
 * The topic's own checks after its batch, from the menus its planner reads, read again: the topic's `verify` when it
 * has one, else that the planner would change nothing (the device holds the desired state).
 */
export function topicChecks(topic: PlanTopic, input: unknown, live: LiveRows): TopicCheck[] {
  if (topic.verify) return topic.verify(input, live);
  return [desiredStateHeld(topic, input, live, `${topic.name} state as planned`)];
}

/** One check: the planner, given the live rows, has nothing left to do. */
export function desiredStateHeld<I>(topic: Pick<PlanTopic<I>, 'planner'>, input: I, live: LiveRows, name: string): TopicCheck {
  try {
    const outcome = topic.planner.propose(live, input);
    return outcome.kind === 'no_change' ? { name, ok: true } : { name, ok: false, detail: outcome.proposal.summary };
  } catch (error) {
    return { name, ok: false, detail: (error as Error).message };
  }
}
