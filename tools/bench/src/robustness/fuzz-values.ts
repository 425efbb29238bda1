import type { SeededRandom } from './seeded-random';

/** Strings a parser or a renderer may trip over: controls, separators, surrogates, emoji, bidi, quotes. */
const ODD_TEXT = ['\u0000', '\u0007\b\f', '\u2028\u2029', '\ud83d\ude00', '\ud800', '\u202e\u200b', 'é漢字', '"\\\'', '</script>', '${x}', '%s%n', '\r\n'];

export function oddString(rng: SeededRandom): string {
  return Array.from({ length: rng.int(1, 4) }, () => rng.pick(ODD_TEXT)).join(rng.pick(['', 'a', ' ', '/']));
}

/** A string of 1 to 4 MB, rarely: large enough to test limits and echoing, small enough to keep the run short. */
export function hugeString(rng: SeededRandom): string {
  return rng.pick(['x', 'é', '\u0001', '😀']).repeat(rng.int(1, 4) * 1024 * 1024 / 2);
}

function deepObject(depth: number): unknown {
  return depth === 0 ? [1, 'a', null] : { a: deepObject(depth - 1) };
}

/** A value of some other type than a field expects (or one of the right type but outside what it accepts). */
export function wrongValue(rng: SeededRandom): unknown {
  return rng.weighted<() => unknown>([
    [3, () => rng.int(-5, 5)],
    [1, () => 1.5],
    [1, () => 1e308],
    [2, () => rng.chance(0.5)],
    [2, () => null],
    [2, () => []],
    [1, () => [rng.int(0, 9), 'x']],
    [2, () => ({})],
    [1, () => ({ nested: { x: [1] } })],
    [1, () => deepObject(rng.int(5, 60))],
    [2, () => ''],
    [2, () => 'x'],
    [2, () => oddString(rng)],
    [1, () => 'a'.repeat(rng.int(1000, 70_000))],
    [0.05, () => hugeString(rng)],
  ])();
}
