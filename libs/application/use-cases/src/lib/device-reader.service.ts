import type { CallOptions, ConfigExport, ConfigShell, DeviceTarget, ExportOptions, ListOptions, RouterOsApi, RouterOsRow } from '@routeros-mcp/application-ports';
import { ConfigShell as ConfigShellToken, DeviceUnsupportedError, RouterOsApi as RouterOsApiToken } from '@routeros-mcp/application-ports';
import type { Device } from '@routeros-mcp/domain-devices';
import { redactRouterOsRow } from '@routeros-mcp/domain-kernel';
import { inject, injectable } from '@routeros-mcp/inversify';
import { targetFor } from './device-connectivity.service';
import { DeviceRegistry } from './device-registry.service';

/** A device with what was read from it. */
export interface DeviceRead<T> {
  device: Device;
  data: T;
}

/** Secret properties (Wi-Fi passphrases, pre-shared keys, RADIUS secrets) of whatever a device answered, redacted. */
function redacted<T>(answer: T, menu?: string): T {
  if (Array.isArray(answer)) return answer.map((row) => redacted(row, menu)) as T;
  if (answer && typeof answer === 'object') return redactRouterOsRow(answer as Record<string, unknown>, menu) as T;
  return answer;
}

/**
 * Reads the live state of enrolled devices: the one path every read-only tool and resource takes, so a
 * decommissioned device is never contacted, credentials are decrypted only for the call, and no secret property
 * of a device ever leaves it (redacted here, once, for every tool and resource).
 */
@injectable()
export class DeviceReader {
  constructor(
    @inject(DeviceRegistry) private readonly registry: DeviceRegistry,
    @inject(RouterOsApiToken) private readonly api: RouterOsApi,
    @inject(ConfigShellToken) private readonly shell: ConfigShell,
  ) {}

  /** Within one call, each device is loaded from the registry once (the gate and the read share it). */
  private loaded?: Map<string, Promise<Device>>;
  /** The call's signal: every device request made through this reader is abandoned when the call is cancelled. */
  private signal?: AbortSignal;

  /**
   * A reader for one tool call or resource read: same ports, a device lookup cache that lives as long as it, and the
   * call's signal on every device request that does not bring its own.
   */
  forOneCall(signal?: AbortSignal): DeviceReader {
    const scoped = new DeviceReader(this.registry, this.api, this.shell);
    scoped.loaded = new Map();
    scoped.signal = signal;
    return scoped;
  }

  /** `options` with the call's signal unless they carry one. */
  private withSignal<O extends { signal?: AbortSignal }>(options: O): O {
    return options.signal || !this.signal ? options : { ...options, signal: this.signal };
  }

  /** The device (checked usable), without contacting it. */
  async device(id: string): Promise<Device> {
    let pending = this.loaded?.get(id);
    if (!pending) {
      pending = this.registry.get(id).then((device) => {
        device.assertUsable();
        return device;
      });
      this.loaded?.set(id, pending);
    }
    return pending;
  }

  async list(id: string, menu: string, options: ListOptions = {}): Promise<DeviceRead<RouterOsRow[]>> {
    const { device, target } = await this.open(id);
    return { device, data: redacted(await this.api.list(target, menu, this.withSignal(options)), menu) };
  }

  /** Any menu's print: a table's rows, or a singleton's object. */
  async print(id: string, menu: string, options: ListOptions = {}): Promise<DeviceRead<RouterOsRow[] | RouterOsRow>> {
    const { device, target } = await this.open(id);
    return { device, data: redacted(await this.api.print(target, menu, this.withSignal(options)), menu) };
  }

  async get(id: string, menu: string, itemId: string, options: ListOptions = {}): Promise<DeviceRead<RouterOsRow>> {
    const { device, target } = await this.open(id);
    return { device, data: redacted(await this.api.get(target, menu, itemId, this.withSignal(options)), menu) };
  }

  async singleton(id: string, menu: string, options: ListOptions = {}): Promise<DeviceRead<RouterOsRow>> {
    const { device, target } = await this.open(id);
    return { device, data: redacted(await this.api.getSingleton(target, menu, this.withSignal(options)), menu) };
  }

  /** Several menus of one device, read concurrently (the adapter's per-device limit applies). */
  async many<K extends string>(id: string, menus: Record<K, { menu: string; singleton?: boolean; optional?: boolean } & ListOptions>): Promise<DeviceRead<Record<K, RouterOsRow | RouterOsRow[] | undefined>>> {
    const { device, target } = await this.open(id);
    const entries = await Promise.all(
      (Object.entries(menus) as [K, { menu: string; singleton?: boolean; optional?: boolean } & ListOptions][]).map(async ([key, spec]) => {
        try {
          const options = this.withSignal(spec);
          return [key, redacted(spec.singleton ? await this.api.getSingleton(target, spec.menu, options) : await this.api.list(target, spec.menu, options), spec.menu)] as const;
        } catch (error) {
          // A menu the device does not have (no routerboard on a CHR) is absent, not a failure, when optional.
          if (spec.optional && error instanceof DeviceUnsupportedError) return [key, undefined] as const;
          throw error;
        }
      }),
    );
    return { device, data: Object.fromEntries(entries) as Record<K, RouterOsRow | RouterOsRow[] | undefined> };
  }

  async run(id: string, command: string, args: Record<string, string>, options: CallOptions & { idempotent?: boolean } = {}): Promise<DeviceRead<unknown>> {
    const { device, target } = await this.open(id);
    return { device, data: redacted(await this.api.run(target, command, args, this.withSignal(options))) };
  }

  async export(id: string, options: ExportOptions & CallOptions = {}): Promise<DeviceRead<ConfigExport>> {
    const { device, target } = await this.open(id);
    return { device, data: await this.shell.export(target, this.withSignal(options)) };
  }

  private async open(id: string): Promise<{ device: Device; target: DeviceTarget }> {
    // Both reads at once (they share one registry revision check); the device's own error wins, so an unknown or
    // decommissioned device is reported as such rather than as missing credentials.
    const [device, credentials] = await Promise.allSettled([this.device(id), this.registry.revealCredentials(id)]);
    if (device.status === 'rejected') throw device.reason;
    if (credentials.status === 'rejected') throw credentials.reason;
    return { device: device.value, target: targetFor(device.value, credentials.value) };
  }
}
