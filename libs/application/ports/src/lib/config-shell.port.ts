import type { CallOptions, DeviceTarget } from './routeros-api.port';

export interface ExportOptions {
  terse?: boolean;
  verbose?: boolean;
  compact?: boolean;
  /** Include secrets; only for callers allowed to see them. */
  showSensitive?: boolean;
}

export interface ConfigExport {
  /** As the device printed it (CRLF normalised), secrets hidden unless asked for. */
  raw: string;
  /** One logical line per command: continuations joined, volatile header lines removed, for diffing. */
  normalized: string[];
  /** The header facts (`by RouterOS …`, model, serial, software id). */
  header: Record<string, string>;
}

/** The fixed `print`s the shell may run. */
export const SHELL_PRINTS = ['system/resource', 'ip/address'] as const;
export type ShellPrint = (typeof SHELL_PRINTS)[number];

/** `command`: the `/safe-mode` menu (RouterOS 7.18 and later); `console`: Ctrl+X on an interactive console (earlier v7). */
export type SafeModeStyle = 'command' | 'console';

/** A held SSH connection (safe mode belongs to the connection that took it). */
export interface ShellSession {
  readonly safeModeStyle: SafeModeStyle;
  takeSafeMode(): Promise<void>;
  /** Leaves safe mode keeping the changes. */
  releaseSafeMode(): Promise<void>;
  /**
   * Undoes every change since safe mode was taken. `immediate: false` when the device does it on its own once the
   * session is gone (before 7.18 there is no unroll command): the caller watches for the before-state to return.
   */
  unrollSafeMode(): Promise<{ immediate: boolean }>;
  close(): Promise<void>;
}

export interface OpenOptions extends CallOptions {
  /** Picks how safe mode is taken on this device; the `/safe-mode` menu when unknown. */
  routerosVersion?: string;
}

export const ConfigShell = Symbol.for('ConfigShell');
/** The device's SSH console, limited to typed, allow-listed operations: no free-form command strings. */
export interface ConfigShell {
  export(target: DeviceTarget, options?: ExportOptions & CallOptions): Promise<ConfigExport>;
  print(target: DeviceTarget, menu: ShellPrint, options?: CallOptions): Promise<string>;
  open(target: DeviceTarget, options?: OpenOptions): Promise<ShellSession>;
  /** The host key fingerprint the device presents, without trusting it (for pinning). */
  presentedHostKey(host: string, port: number, options?: CallOptions): Promise<string>;
}
