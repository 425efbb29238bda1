import type { PlanTopic } from '@routeros-mcp/domain-plans';
import { inject, injectable } from '@routeros-mcp/inversify';
import { DeviceReader } from '../device-reader.service';
import { DeviceRegistry } from '../device-registry.service';
import { MenuCatalog } from '../menus/menu-catalog';

/**
 * A plan step's input for the device it runs on. Most topics plan every device from the same input; a menu plan
 * (`plannedFromTree`) plans each from its own RouterOS version's command tree, so the menu's shape in that tree is
 * added here, at each dry run, write and health gate, never stored in the plan.
 */
@injectable()
export class PlanStepInputs {
  constructor(
    @inject(MenuCatalog) private readonly menus: MenuCatalog,
    @inject(DeviceRegistry) private readonly registry: DeviceRegistry,
    @inject(DeviceReader) private readonly reader: DeviceReader,
  ) {}

  async forDevice<I>(topic: PlanTopic<I>, input: I, deviceId: string): Promise<I> {
    if (!topic.plannedFromTree) return input;
    const { path } = input as unknown as { path: string };
    const device = await this.registry.get(deviceId);
    const version = await this.menus.versionFrom(device, this.reader);
    return { ...input, shape: await this.menus.shape(device, path, version) };
  }
}
