// Every spec starts real servers (HTTP, stdio, the simulator, an OAuth issuer); the bound is generous for a loaded machine.
module.exports = require('../../jest.preset.js')(__dirname, { integrationTimeoutMs: 300000 });
