const path = require('node:path');

const config = require('../../jest.preset.js')(__dirname);

// The stdio app's e2e scenarios run over HTTP too, unchanged: the same spec files, with ./fleet-setup mapped to
// the HTTP variant (a routeros-mcp-http per data directory, authentication on). Scenarios about stdio itself
// check `TRANSPORT` and are skipped here; their HTTP counterparts live in ./test.
// Where a scenario runs revision × RouterOS version, stdio and HTTP split the pairs (../stdio-server/test/pairwise.ts):
// running this file alone no longer covers every pair; both apps' runs together do.
const STDIO_SCENARIOS = ['tools', 'write-tools', 'writes', 'change-history', 'config-history', 'wireless', 'wifi-management-path', 'stdio-server', 'plans', 'strict-arguments', 'display-safety', 'menu-tools', 'menu-change', 'menu-common-tasks'];
const stdioTests = path.join(__dirname, '..', 'stdio-server', 'test');
const integration = config.projects.find((p) => p.displayName === 'integration');
integration.roots = ['<rootDir>', stdioTests];
integration.testMatch = [...integration.testMatch, ...STDIO_SCENARIOS.map((name) => path.join(stdioTests, `${name}.e2e-spec.ts`))];
integration.moduleNameMapper = { '^\\./fleet-setup$': '<rootDir>/test/http-fleet-setup.ts' };

module.exports = config;
