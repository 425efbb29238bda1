// Shared Jest setup: one config per project with a `unit` and an `integration` jest project.
// Workspace libraries resolve to their TypeScript sources through the `@routeros-mcp/source`
// export condition, so tests never need a prior build of their dependencies.
const path = require('node:path');

const transform = {
  '^.+\\.[tj]s$': [
    'ts-jest',
    {
      tsconfig: path.join(__dirname, 'tsconfig.jest.json'),
      diagnostics: false,
    },
  ],
};

function project(dir, displayName, testMatch, extra = {}) {
  return {
    displayName,
    rootDir: dir,
    testEnvironment: 'node',
    testEnvironmentOptions: { customExportConditions: ['node', 'node-addons', '@routeros-mcp/source'] },
    testMatch,
    transform,
    // inversify, jose and ext-apps are ESM-only; Jest's CommonJS runtime needs them transpiled.
    transformIgnorePatterns: ['/node_modules/(?!(inversify|@inversifyjs|jose|@modelcontextprotocol/ext-apps)/)'],
    moduleFileExtensions: ['ts', 'js', 'json', 'node'],
    ...extra,
  };
}

module.exports = function jestConfig(dir, { integrationTimeoutMs = 120000 } = {}) {
  return {
    projects: [
      project(dir, 'unit', ['<rootDir>/src/**/*.spec.ts']),
      project(dir, 'integration', ['<rootDir>/src/**/*.int-spec.ts', '<rootDir>/test/**/*.e2e-spec.ts']),
    ],
    // Global (Jest ignores it per project): integration specs start servers and processes.
    testTimeout: integrationTimeoutMs,
    reporters: ['default', [path.join(__dirname, 'tools/scripts/jest-results-reporter.js'), { dir }]],
  };
};
