const DURATION_UNITS: Record<string, number> = { w: 604_800, d: 86_400, h: 3_600, m: 60, s: 1, ms: 0.001, us: 0.000_001 };

/**
 * Seconds from a RouterOS time interval as it prints or takes one: `1w2d3h4m5s`, `500ms`, `00:01:02`,
 * `00:00:00.200`, `1d00:01:02`, `1w2d 03:04:05.5`, or a bare number of seconds (`30`).
 */
export function parseRouterOsDuration(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  if (/^\d{1,12}$/.test(text)) return Number(text);
  const clock = /^(?:(\d+)w)?(?:(\d+)d)?\s*(\d{1,2}):(\d{2}):(\d{2}(?:\.\d+)?)$/.exec(text);
  if (clock) {
    const [, w = '0', d = '0', h, m, s] = clock;
    return Number(w) * 604_800 + Number(d) * 86_400 + Number(h) * 3_600 + Number(m) * 60 + Number(s);
  }
  if (!/^(\d+(\.\d+)?(w|d|h|ms|us|m|s))+$/.test(text)) return undefined;
  let total = 0;
  for (const [, amount, unit] of text.matchAll(/(\d+(?:\.\d+)?)(ms|us|w|d|h|m|s)/g)) total += Number(amount) * DURATION_UNITS[unit];
  return Math.round(total * 1_000_000) / 1_000_000;
}
