#!/usr/bin/env node
// Adds up the Jest results of every project's unit and integration run and prints one closing line,
// so whoever reads the end of `npm test` (people, CI) sees the whole count. `--reset` clears old results.
const { readdirSync, readFileSync, rmSync } = require('node:fs');
const { join } = require('node:path');

const dir = join(__dirname, '..', '..', 'tmp', 'jest-results');
const adversarial = require('./adversarial-table');
if (process.argv.includes('--reset')) {
  rmSync(dir, { recursive: true, force: true });
  rmSync(adversarial.dir, { recursive: true, force: true });
  process.exit(0);
}
let files = [];
try {
  files = readdirSync(dir).filter((f) => f.endsWith('.json'));
} catch {
  // no results at all: reported below as 0 passed
}
const total = { passed: 0, failed: 0, skipped: 0 };
for (const file of files) {
  const result = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  total.passed += result.numPassedTests;
  total.failed += result.numFailedTests + (result.numRuntimeErrorTestSuites ?? 0);
  total.skipped += result.numPendingTests + (result.numTodoTests ?? 0);
}
process.stdout.write(`\n${files.length} jest runs\n`);
process.stdout.write(`Tests: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped\n`);
// The standing adversarial suite's attempts, as a table (every accepted attack is also a failed test above).
const attacks = adversarial.attempts();
const accepted = attacks.filter((a) => a.outcome === 'accepted');
if (attacks.length > 0) process.stdout.write(`\nAdversarial suite\n${adversarial.table(attacks, false)}\n`);
for (const a of accepted) process.stdout.write(`ACCEPTED [${a.area}] ${a.attack}: ${a.detail}\n`);
process.exit(total.failed > 0 || total.passed === 0 || accepted.length > 0 ? 1 : 0);
