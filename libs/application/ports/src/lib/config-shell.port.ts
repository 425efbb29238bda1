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

/** A held SSH connection (safe mode belongs to the connection that took it). */
export interface ShellSession {
  takeSafeMode(): Promise<void>;
  releaseSafeMode(): Promise<void>;
  unrollSafeMode(): Promise<void>;
  close(): Promise<void>;
}

export const ConfigShell = Symbol.for('ConfigShell');
/** The device's SSH console, limited to typed, allow-listed operations: no free-form command strings. */
export interface ConfigShell {
  export(target: DeviceTarget, options?: ExportOptions & CallOptions): Promise<ConfigExport>;
  print(target: DeviceTarget, menu: ShellPrint, options?: CallOptions): Promise<string>;
  open(target: DeviceTarget, options?: CallOptions): Promise<ShellSession>;
  /** The host key fingerprint the device presents, without trusting it (for pinning). */
  presentedHostKey(host: string, port: number, options?: CallOptions): Promise<string>;
}
