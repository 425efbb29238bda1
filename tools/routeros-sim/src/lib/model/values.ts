/** RouterOS speaks strings: `"true"`, `"1500"`, `"1w2d3h4m5s"`. These helpers produce and read its forms. */

const BOOL_IN: Record<string, string> = { yes: 'true', no: 'false', true: 'true', false: 'false' };

/** Normalises a written boolean (`yes`/`no`/`true`/`false`) to RouterOS's stored form; undefined if not one. */
export function normaliseBool(value: string): string | undefined {
  return BOOL_IN[value.toLowerCase()];
}

/** Seconds as RouterOS prints a duration: `1w2d3h4m5s`, `45s`, `0s`. */
export function formatDuration(totalSeconds: number): string {
  let s = Math.max(0, Math.floor(totalSeconds));
  const parts: string[] = [];
  for (const [unit, size] of [['w', 604800], ['d', 86400], ['h', 3600], ['m', 60]] as const) {
    if (s >= size) {
      parts.push(`${Math.floor(s / size)}${unit}`);
      s %= size;
    }
  }
  if (s > 0 || parts.length === 0) parts.push(`${s}s`);
  return parts.join('');
}

/** `1w2d3h4m5s` → seconds (the inverse of formatDuration); 0 for anything else. */
export function parseSeconds(text: string): number {
  const units: Record<string, number> = { w: 604800, d: 86400, h: 3600, m: 60, s: 1 };
  return [...text.matchAll(/(\d+)([wdhms])/g)].reduce((total, [, n, unit]) => total + Number(n) * units[unit], 0);
}

const TIME_UNITS_MS: Record<string, number> = { w: 604_800_000, d: 86_400_000, h: 3_600_000, m: 60_000, s: 1000, ms: 1, us: 0.001 };

/**
 * Milliseconds in a RouterOS time value, undefined when it is not one: plain seconds (`90`, `1.5`), units in
 * RouterOS's order (`1w2d3h4m5s`, `500ms`, `71w2h27m52s950ms`), or a clock with optional days and fraction
 * (`00:05:00`, `1d02:00:00`, `00:00:00.200`), as the console reads and the command tree's bounds are written.
 */
export function parseTimeMs(text: string): number | undefined {
  if (/^\d+(\.\d+)?$/.test(text)) return Number(text) * 1000;
  const clock = /^(?:(\d+)w)?(?:(\d+)d)?(\d{1,2}):(\d{2}):(\d{2}(?:\.\d{1,6})?)$/.exec(text);
  if (clock) return ((Number(clock[1] ?? 0) * 7 + Number(clock[2] ?? 0)) * 86400 + Number(clock[3]) * 3600 + Number(clock[4]) * 60 + Number(clock[5])) * 1000;
  const units = /^(?:(\d+(?:\.\d+)?)w)?(?:(\d+(?:\.\d+)?)d)?(?:(\d+(?:\.\d+)?)h)?(?:(\d+(?:\.\d+)?)m(?!s))?(?:(\d+(?:\.\d+)?)s)?(?:(\d+)ms)?(?:(\d+)us)?$/.exec(text);
  if (!units || text === '') return undefined;
  return ['w', 'd', 'h', 'm', 's', 'ms', 'us'].reduce((total, unit, i) => total + Number(units[i + 1] ?? 0) * TIME_UNITS_MS[unit], 0);
}

/** `*` plus upper-case hex, as RouterOS prints internal ids. */
export function formatId(n: number): string {
  return `*${n.toString(16).toUpperCase()}`;
}

/** A deterministic pseudo-random number in [0, 1) for (seed, key, tick): counters that move but repeat. */
export function noise(seed: number, key: string, tick: number): number {
  let h = (seed ^ 0x9e3779b9) >>> 0;
  const text = `${key}:${tick}`;
  for (let i = 0; i < text.length; i++) {
    h = Math.imul(h ^ text.charCodeAt(i), 0x85ebca6b) >>> 0;
    h = (h ^ (h >>> 13)) >>> 0;
  }
  h = Math.imul(h ^ (h >>> 16), 0xc2b2ae35) >>> 0;
  return ((h ^ (h >>> 16)) >>> 0) / 0x100000000;
}

/** `7.9` < `7.15.3` < `7.20`: numeric, part by part. */
export function versionAtLeast(version: string, minimum: string): boolean {
  const a = version.split('.').map(Number);
  const b = minimum.split('.').map(Number);
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) > (b[i] ?? 0);
  }
  return true;
}

/** A round-trip time as RouterOS v7's ping prints it: `453us`, `12ms384us`, `3ms`. */
export function formatRtt(milliseconds: number): string {
  const micro = Math.max(0, Math.round(milliseconds * 1000));
  const ms = Math.floor(micro / 1000);
  const us = micro % 1000;
  if (ms === 0) return `${us}us`;
  return us === 0 ? `${ms}ms` : `${ms}ms${us}us`;
}

/** Milliseconds to one decimal, as traceroute's columns show them: `4.8ms`, `12ms` (never `4.800000000000001ms`). */
export function formatMillis(milliseconds: number): string {
  return `${Number(Math.max(0, milliseconds).toFixed(1))}ms`;
}
