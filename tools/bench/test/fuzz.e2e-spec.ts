import { figuresTable } from '../src/robustness/figures-table';
import { fuzzViolations, runFuzz, type FuzzFigures } from '../src/robustness/fuzz.robustness';
import { runHttpFuzz, type Revision } from '../src/robustness/http-fuzz.robustness';
import { type SimFleet, startSimFleet } from '../src/robustness/sim-fleet';

// Issue 26, bounded for CI: the robustness fuzz (run-all robustness: 10,000 frames each) on both transports and
// both revisions, FRAMES per transport × revision, half from each of two fixed seeds (ROBUSTNESS_SEED replaces the
// second); a seed's run repeats with: `ROBUSTNESS_SEED=<seed> ROBUSTNESS_FRAMES=10000 node tools/bench/dist/run-all.js robustness`.
const FRAMES = 300;
const FIXED_SEED = 2026;
// The second fixed seed found a disagreement over HTTP 2025-11-25 (issue 26: a 2025-03-26 batch holding
// `{"jsonrpc":"2.0","method":""}` got no id-null answer; the server took it for a notification) within its first
// 150 frames, so CI keeps meeting that frame. Random seeds belong to `run-all robustness`.
const SECOND_SEED = process.env['ROBUSTNESS_SEED'] ? Number(process.env['ROBUSTNESS_SEED']) : 856329404;
let fleet: SimFleet;
const figures: FuzzFigures[] = [];

beforeAll(async () => {
  process.stdout.write(`fuzz seeds: ${FIXED_SEED} and ${SECOND_SEED} (repeat with ROBUSTNESS_SEED=${SECOND_SEED})\n`);
  fleet = await startSimFleet(1, 'home');
}, 60_000);
afterAll(async () => {
  process.stdout.write(`${figuresTable(figures, undefined, undefined, figures.flatMap(fuzzViolations))}\n`);
  await fleet?.stop();
});

const RUNS: [string, Revision, (fleet: SimFleet, seed: number, frames: number, revision: Revision) => Promise<FuzzFigures>][] = [
  ['stdio', '2025-11-25', runFuzz],
  ['stdio', '2026-07-28', runFuzz],
  ['http', '2025-11-25', runHttpFuzz],
  ['http', '2026-07-28', runHttpFuzz],
];

describe.each(RUNS)('%s %s', (_transport, revision, run) => {
  it.each([['fixed', FIXED_SEED], ['second', SECOND_SEED]])(`answers every fuzzed frame as owed, with memory flat (%s seed %d, ${FRAMES / 2} frames)`, async (_kind, seed) => {
    const f = await run(fleet, seed, FRAMES / 2, revision);
    figures.push(f);
    expect(f.frames_sent).toBeGreaterThanOrEqual(FRAMES / 2);
    expect(f.requests_owed_an_id).toBeGreaterThan(FRAMES / 10);
    expect({ violations: fuzzViolations(f), examples: f.examples }).toEqual({ violations: [], examples: [] });
    // 10-20 s each on the shared 2-core machine under load; the bound is for a slower CI runner, not a speed check.
  }, 300_000);
});
