// Jest reporter: writes this run's counts to tmp/jest-results/<project>-<unit|integration>.json,
// which tools/scripts/test-summary.js adds up at the end of `npm test`.
const { mkdirSync, readFileSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');

class JestResultsReporter {
  constructor(globalConfig, options) {
    this.dir = options.dir;
  }

  onRunComplete(_contexts, results) {
    const argv = process.argv.join(' ');
    const kind = /--selectProjects[ =]integration/.test(argv) ? 'integration' : 'unit';
    const project = JSON.parse(readFileSync(join(this.dir, 'package.json'), 'utf8')).nx.name;
    const out = join(__dirname, '..', '..', 'tmp', 'jest-results');
    mkdirSync(out, { recursive: true });
    const { numPassedTests, numFailedTests, numPendingTests, numTodoTests, numRuntimeErrorTestSuites } = results;
    writeFileSync(join(out, `${project}-${kind}.json`), JSON.stringify({ numPassedTests, numFailedTests, numPendingTests, numTodoTests, numRuntimeErrorTestSuites }));
  }
}

module.exports = JestResultsReporter;
