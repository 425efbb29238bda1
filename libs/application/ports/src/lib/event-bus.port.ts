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

export type DomainEvent = DeviceConfigChanged | DeviceHealthChanged;
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
