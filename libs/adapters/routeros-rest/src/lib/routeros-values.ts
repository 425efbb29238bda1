import { parseRouterOsDuration, parseRouterOsVersion, routerOsVersionAtLeast } from '@routeros-mcp/domain-kernel';
/**
 * RouterOS sends every value as a string. These turn them into numbers and booleans in one place, so every
 * reader agrees on `"yes"`, `"1w2d3h4m5s"`, `"2048KiB"` or `"1200.9Mbps"`. Each returns undefined for a value
 * that is not in its format, rather than guessing.
 */

export function parseBool(value: string | undefined): boolean | undefined {
  switch (value) {
    case 'true':
    case 'yes':
      return true;
    case 'false':
    case 'no':
      return false;
    default:
      return undefined;
  }
}

export function parseInteger(value: string | undefined): number | undefined {
  if (value === undefined || !/^-?\d+$/.test(value)) return undefined;
  const n = Number(value);
  return Number.isSafeInteger(n) ? n : undefined;
}

/** Seconds from a RouterOS time interval (`1w2d3h4m5s`, `500ms`, `00:01:02`, `1d00:01:02`…). */
export const parseDuration = parseRouterOsDuration;

const SIZE_UNITS: Record<string, number> = { '': 1, B: 1, KiB: 1024, MiB: 1024 ** 2, GiB: 1024 ** 3, TiB: 1024 ** 4, k: 1000, K: 1000, M: 1000 ** 2, G: 1000 ** 3 };

/** Bytes from `2048KiB`, `1.5MiB`, `512` (bytes). */
export function parseSize(value: string | undefined): number | undefined {
  const m = /^(\d+(?:\.\d+)?)\s*(B|KiB|MiB|GiB|TiB|k|K|M|G)?$/.exec(value?.trim() ?? '');
  if (!m) return undefined;
  return Math.round(Number(m[1]) * SIZE_UNITS[m[2] ?? '']);
}

const RATE_UNITS: Record<string, number> = { '': 1, bps: 1, k: 1e3, kbps: 1e3, K: 1e3, Kbps: 1e3, M: 1e6, Mbps: 1e6, G: 1e9, Gbps: 1e9 };

/** Bits per second from `1200.9Mbps`, `10M`, `64k`, `866.6Mbps-80MHz/2S/SGI` (the wireless form). */
export function parseRate(value: string | undefined): number | undefined {
  const m = /^(\d+(?:\.\d+)?)(bps|kbps|Kbps|Mbps|Gbps|k|K|M|G)?(?:-.*)?$/.exec(value?.trim() ?? '');
  if (!m) return undefined;
  return Math.round(Number(m[1]) * RATE_UNITS[m[2] ?? '']);
}

/** The number behind a RouterOS id (`*1A` → 26). */
export function parseId(value: string | undefined): number | undefined {
  const m = /^\*([0-9A-Fa-f]{1,8})$/.exec(value ?? '');
  return m ? parseInt(m[1], 16) : undefined;
}

export function isRouterOsId(value: string): boolean {
  return parseId(value) !== undefined;
}

/** Items of a comma-separated list (`"a,b,,c"` → `["a","b","c"]`); empty string → `[]`. */
export function parseList(value: string | undefined): string[] {
  return (value ?? '').split(',').map((s) => s.trim()).filter(Boolean);
}

/** The version in RouterOS's `version` text; dotted versions compared by their numbers. */
export const parseVersion = parseRouterOsVersion;
export const versionAtLeast = routerOsVersionAtLeast;
