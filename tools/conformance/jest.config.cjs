// The integration spec installs Node 22 and the suite on a machine that has neither (about a minute), then runs it.
module.exports = require('../../jest.preset.js')(__dirname, { integrationTimeoutMs: 600000 });
