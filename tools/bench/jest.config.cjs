// Integration only: the bounded robustness fuzz (test/*.e2e-spec.ts) against the built servers; the benchmarks
// themselves run through `run-all`.
module.exports = require('../../jest.preset.js')(__dirname);
