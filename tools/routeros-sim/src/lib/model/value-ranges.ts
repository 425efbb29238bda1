import { invalidArg, numberIn } from './arg-rules';

/**
 * `integer[-integer]` within [min, max], the range ascending; stored as `from-to`. A function declaration (hoisted):
 * value tables build their rules with it while the modules that import one another are still loading.
 */
export function ascendingRange(min: number, max: number): (key: string, value: string) => string {
  return (key, value) => {
    const m = /^(\d+)(?:-(\d+))?$/.exec(value);
    if (!m) throw invalidArg(key);
    const from = numberIn(key, m[1], min, max);
    if (m[2] === undefined) return from;
    const to = numberIn(key, m[2], min, max);
    if (Number(to) < Number(from)) throw invalidArg(key);
    return `${from}-${to}`;
  };
}
