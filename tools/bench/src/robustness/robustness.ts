import { writeFileSync } from 'node:fs';
import { faultViolations, runFaults } from './faults.robustness';
import { figuresTable } from './figures-table';
import { fuzzViolations, runFuzz } from './fuzz.robustness';
import { seedFromEnv } from './seeded-random';
import { shutdownViolations, runShutdown } from './shutdown.robustness';
import { SimFleet, startSimFleet } from './sim-fleet';

async function withFleet<T>(run: (fleet: SimFleet) => Promise<T>): Promise<T> {
  const fleet = await startSimFleet(1, 'home');
  try {
    return await run(fleet);
  } finally {
    await fleet.stop();
  }
}

/**
 * `run-all robustness`: seeded fuzz, every device fault and shutdown under load, each against its own simulated
 * device and data directory. Prints tables, then the figures as JSON (last line, or the file ROBUSTNESS_OUT);
 * sets a failing exit code when an invariant is broken.
 */
export async function robustness(): Promise<void> {
  const seed = seedFromEnv();
  const frames = Number(process.env['ROBUSTNESS_FRAMES'] ?? 10_000);
  process.stdout.write(`robustness: seed ${seed} (repeat with ROBUSTNESS_SEED=${seed}), ${frames} frames\n`);
  const fuzz = await withFleet((fleet) => runFuzz(fleet, seed, frames));
  const faults = await withFleet(runFaults);
  const shutdown = await withFleet(runShutdown);
  const violations = [...fuzzViolations(fuzz), ...faultViolations(faults), ...shutdownViolations(shutdown)];
  process.stdout.write(`${figuresTable(fuzz, faults, shutdown, violations)}\n`);
  const json = JSON.stringify({ name: 'robustness: fuzz, device faults, shutdown', fuzz, faults, shutdown, violations });
  const out = process.env['ROBUSTNESS_OUT'];
  if (out) writeFileSync(out, `${json}\n`);
  else process.stdout.write(`${json}\n`);
  if (violations.length) process.exitCode = 1;
}
