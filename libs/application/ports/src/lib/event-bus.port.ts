/** A device's configuration changed: a capture found new content, or a change was applied. */
export interface DeviceConfigChanged {
  type: 'device.config.changed';
  deviceId: string;
  source: 'snapshot' | 'change';
  snapshotId?: string;
  changeId?: string;
}

/** A device's health (reachability, CPU, memory, …) changed as the health poller saw it; `etag` is the new state's hash. */
export interface DeviceHealthChanged {
  type: 'device.health.changed';
  deviceId: string;
  etag: string;
}

/** A plan was created or changed state: plan lists change (listChanged) and `plan://{id}/summary` with it. */
export interface PlanChanged {
  type: 'plan.changed';
  planId: string;
  status: string;
}

/**
 * A rollout moved: a step or batch started or ended, a health gate ran, a rollback step ended. Carries what a
 * `notifications/progress` needs and updates `plan://{id}/execution-log`.
 */
export interface PlanProgress {
  type: 'plan.progress';
  planId: string;
  /** Steps settled (succeeded, failed, skipped, rolled back) so far, of `total`. */
  progress: number;
  total: number;
  /** One line for the log and the progress notification: `batch 2/5: gw-3 applied and verified`. */
  message: string;
}

/**
 * A client cancelled a request that may be running on any replica (a 2025-era `notifications/cancelled` over
 * stateless HTTP): `key` names the request and its caller (a hash of both; see the protocol layer's
 * cancellationKey), so the replica running it, and only a call of that caller, is cancelled.
 */
export interface RequestCancelled {
  type: 'request.cancelled';
  key: string;
}

export type DomainEvent = DeviceConfigChanged | DeviceHealthChanged | PlanChanged | PlanProgress | RequestCancelled;
export type DomainEventType = DomainEvent['type'];
export type EventOf<T extends DomainEventType> = Extract<DomainEvent, { type: T }>;

export const EventBus = Symbol.for('EventBus');
/**
 * Facts that happened, for whoever wants to react (resource subscriptions, caches). Delivery is best effort:
 * a publisher never fails or waits because a subscriber did.
 */
export interface EventBus {
  publish(event: DomainEvent): Promise<void>;
  /** Returns the function that ends the subscription. */
  subscribe<T extends DomainEventType>(type: T, handler: (event: EventOf<T>) => void | Promise<void>): () => void;
}

/** What an event is about, for log lines: `{ device_id }`, `{ plan_id }` or `{ request_key }`. */
export function eventSubject(event: DomainEvent): { device_id: string } | { plan_id: string } | { request_key: string } {
  if ('deviceId' in event) return { device_id: event.deviceId };
  return 'planId' in event ? { plan_id: event.planId } : { request_key: event.key };
}
