/** Everything an adapter needs to reach one device; built from the registry and the credential vault per call. */
export interface DeviceTarget {
  deviceId: string;
  host: string;
  restPort: number;
  sshPort: number;
  /** Pinned certificate fingerprint, `SHA256:AB:CD:…`. */
  tlsFingerprint?: string;
  /** Pinned SSH host key fingerprint, `SHA256:base64`. */
  sshHostKey?: string;
  /** Lab-only: accept any certificate (warned on every connect). */
  tlsSkipVerify?: boolean;
  /** PEM CA bundle to verify the certificate against instead of a pin. */
  caPem?: string;
  /** The REST user. */
  username: string;
  password: string;
  /** The SSH login when it differs from the REST one (another user, or a private key). */
  ssh?: { username: string; password?: string; privateKey?: string };
}

/** A RouterOS row: every value a string, as RouterOS sends it. */
export type RouterOsRow = Record<string, string>;

export interface CallOptions {
  /** Overrides the configured request timeout for this call. */
  timeoutMs?: number;
  signal?: AbortSignal;
}

export interface ListOptions extends CallOptions {
  /** Fields to return (`.proplist`). */
  fields?: string[];
  /** RouterOS query words (`.query`), e.g. `type=ether`, `disabled=false`, `#&`. */
  query?: string[];
}

export interface DeviceProbe {
  version: string;
  identity: string;
  board: string;
  uptime: string;
  latencyMs: number;
}

export const RouterOsApi = Symbol.for('RouterOsApi');
/** The RouterOS REST API of a device: every read and write the product makes goes through here. */
export interface RouterOsApi {
  list(target: DeviceTarget, menu: string, options?: ListOptions): Promise<RouterOsRow[]>;
  /** Any menu's print: a table's rows, or a singleton's one object (which a menu is, only the device's answer tells). */
  print(target: DeviceTarget, menu: string, options?: ListOptions): Promise<RouterOsRow[] | RouterOsRow>;
  get(target: DeviceTarget, menu: string, id: string, options?: ListOptions): Promise<RouterOsRow>;
  getSingleton(target: DeviceTarget, menu: string, options?: ListOptions): Promise<RouterOsRow>;
  add(target: DeviceTarget, menu: string, props: Record<string, string>, options?: CallOptions): Promise<RouterOsRow>;
  update(target: DeviceTarget, menu: string, id: string, props: Record<string, string>, options?: CallOptions): Promise<RouterOsRow>;
  setSingleton(target: DeviceTarget, menu: string, props: Record<string, string>, options?: CallOptions): Promise<void>;
  remove(target: DeviceTarget, menu: string, id: string, options?: CallOptions): Promise<void>;
  /** A command (`tool/ping`, `system/reboot`…); reads like ping are retried, others never. */
  run(target: DeviceTarget, command: string, args: Record<string, string>, options?: CallOptions & { idempotent?: boolean }): Promise<unknown>;
  /** Version, identity, board and round-trip latency; caches the version for menu selection. */
  facts(target: DeviceTarget, options?: CallOptions): Promise<DeviceProbe>;
  /** The certificate fingerprint the device presents, without trusting it (for pinning at enrolment). */
  presentedCertificate(host: string, port: number, options?: CallOptions): Promise<string>;
  /** Forgets a device's connections, cached version and circuit state (after an edit or re-pin). */
  forget(deviceId: string): void;
  close(): Promise<void>;
}
