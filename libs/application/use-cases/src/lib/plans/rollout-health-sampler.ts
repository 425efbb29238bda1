import type { RouterOsApi } from '@routeros-mcp/application-ports';
import { RouterOsApi as RouterOsApiToken } from '@routeros-mcp/application-ports';
import type { DeviceHealthSample, PlanTopic } from '@routeros-mcp/domain-plans';
import { topicChecks } from '@routeros-mcp/domain-plans';
import { isDomainError } from '@routeros-mcp/domain-kernel';
import { inject, injectable } from '@routeros-mcp/inversify';
import { readLiveRows } from '../changes/live-rows';
import { targetFor } from '../device-connectivity.service';
import { DeviceRegistry } from '../device-registry.service';

const percent = (value: string | undefined) => (value === undefined || value === '' || Number.isNaN(Number(value)) ? undefined : Number(value));

/**
 * What the health gate sees of a device after its batch: a new TLS session presenting the pinned certificate, then
 * CPU load and memory use from system/resource, then the topic's own checks on the touched menus read again.
 * Never throws: a device that cannot be sampled is an unreachable sample.
 */
@injectable()
export class RolloutHealthSampler {
  constructor(
    @inject(DeviceRegistry) private readonly registry: DeviceRegistry,
    @inject(RouterOsApiToken) private readonly api: RouterOsApi,
  ) {}

  async sample(deviceId: string, topic: PlanTopic, input: unknown, signal?: AbortSignal): Promise<DeviceHealthSample> {
    try {
      const device = await this.registry.get(deviceId);
      const target = targetFor(device, await this.registry.revealCredentials(deviceId));
      const presented = await this.api.presentedCertificate(target.host, target.restPort, { signal });
      if (target.tlsFingerprint && presented !== target.tlsFingerprint) {
        return { deviceId, reachable: false, unreachableReason: 'a new TLS session presents another certificate than the pinned one', checks: [] };
      }
      const [resource, live] = await Promise.all([
        this.api.getSingleton(target, 'system/resource', { signal }),
        readLiveRows(this.api, target, topic.planner.reads(input), { signal }),
      ]);
      const cpuPercent = percent(resource['cpu-load']);
      const total = percent(resource['total-memory']);
      const free = percent(resource['free-memory']);
      return {
        deviceId,
        reachable: true,
        ...(cpuPercent !== undefined ? { cpuPercent } : {}),
        ...(total && free !== undefined ? { memoryUsedPercent: ((total - free) / total) * 100 } : {}),
        checks: topicChecks(topic, input, live),
      };
    } catch (error) {
      return { deviceId, reachable: false, unreachableReason: isDomainError(error) ? error.code : (error as Error).message, checks: [] };
    }
  }
}
