import type { EventBus } from '@routeros-mcp/application-ports';
import { PLAN_RESOURCE_SUFFIXES } from './resource-catalog';

/** Where plan events go: resource updates (to whoever subscribed or listens) and the resource list's change. */
export interface PlanEventSink {
  resourceUpdated(uri: string, etag?: string): void;
  resourcesChanged(): void;
}

/**
 * Turns the plan events of the bus into MCP notifications: `plan.changed` (created, approved, started, finished…)
 * updates all three plan:// resources and changes the resource list (a new plan adds resources; a status is in every
 * entry's title); `plan.progress` updates the summary and the execution log. Returns the unsubscribe function.
 */
export function forwardPlanEvents(events: EventBus, sink: PlanEventSink): () => void {
  const stops = [
    events.subscribe('plan.changed', (event) => {
      for (const suffix of PLAN_RESOURCE_SUFFIXES) sink.resourceUpdated(`plan://${event.planId}/${suffix}`, event.status);
      sink.resourcesChanged();
    }),
    events.subscribe('plan.progress', (event) => {
      const etag = `${event.progress}/${event.total}`;
      sink.resourceUpdated(`plan://${event.planId}/summary`, etag);
      sink.resourceUpdated(`plan://${event.planId}/execution-log`, etag);
    }),
  ];
  return () => stops.forEach((stop) => stop());
}
