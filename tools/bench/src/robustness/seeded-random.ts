/** mulberry32: a small seeded generator, so that a run can be repeated exactly from the seed it prints. */
export class SeededRandom {
  private state: number;

  constructor(readonly seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  /** One of the weighted makers, by weight. */
  weighted<T>(choices: readonly (readonly [number, T])[]): T {
    let roll = this.next() * choices.reduce((sum, [w]) => sum + w, 0);
    for (const [weight, choice] of choices) if ((roll -= weight) < 0) return choice;
    return choices[choices.length - 1][1];
  }
}

/** ROBUSTNESS_SEED when given, else a fresh one (printed by the caller). */
export function seedFromEnv(): number {
  const given = process.env['ROBUSTNESS_SEED'];
  if (given === undefined || given === '') return Math.floor(Math.random() * 2 ** 32);
  const seed = Number(given);
  if (!Number.isInteger(seed) || seed < 0 || seed >= 2 ** 32) throw new Error('ROBUSTNESS_SEED: expected an integer from 0 to 4294967295');
  return seed;
}
