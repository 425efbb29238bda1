import { DomainError } from '@routeros-mcp/domain-kernel';

/** The device's live state no longer hashes as the caller saw it (e.g. at plan time): the change is not made. */
export class ChangeStateDriftedError extends DomainError {
  readonly code = 'CHANGE.STATE_DRIFTED';
  constructor(
    readonly deviceId: string,
    readonly sections: readonly string[],
  ) {
    super(`the live state of device '${deviceId}' changed since it was reviewed${sections.length ? ` (${sections.map((s) => `/${s}`).join(', ')})` : ''}; nothing was written`);
  }
  override details(): Record<string, unknown> {
    return { device_id: this.deviceId, sections: this.sections };
  }
}
