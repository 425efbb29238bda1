import { fuzzViolations, runFuzz } from './fuzz.robustness';
import { seedFromEnv } from './seeded-random';
import { startSimFleet } from './sim-fleet';

/** `run-all robustness`: fuzz, device faults and shutdown, as figures plus the invariants they must hold. */
export async function robustness(): Promise<{ figures: Record<string, unknown>; violations: string[] }> {
  const seed = seedFromEnv();
  const frames = Number(process.env['ROBUSTNESS_FRAMES'] ?? 10_000);
  process.stderr.write(`robustness: seed ${seed} (repeat with ROBUSTNESS_SEED=${seed})\n`);
  const fleet = await startSimFleet(1, 'home');
  try {
    const fuzz = await runFuzz(fleet, seed, frames);
    return { figures: { fuzz }, violations: fuzzViolations(fuzz) };
  } finally {
    await fleet.stop();
  }
}
