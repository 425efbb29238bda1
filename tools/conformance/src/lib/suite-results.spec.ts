import { judge, requiredServerScenarios, SuiteCheck } from './suite-results';

const check = (scenario: string, id: string, status: string): SuiteCheck => ({ scenario, id, status });

describe('judging a revision', () => {
  it('reads the required server scenarios from `conformance list --server --requirements`', () => {
    const out = 'Required for 2026-07-28 (69 scenarios):\n\nServer scenarios (test against a server):\n  - server-stateless\n  - tools-list\n\nClient scenarios (test against a client):\n  - tools_call\n';
    expect([...requiredServerScenarios(out)]).toEqual(['server-stateless', 'tools-list']);
  });

  it('counts listed failures as expected, others (warnings too) as unexpected, listed passes as stale; ignores unrequired scenarios', () => {
    const checks = [
      check('tools-list', 'tools-list', 'SUCCESS'),
      check('tools-call-image', 'tools-call-image', 'FAILURE'),
      check('tools-call-image', 'wire-schema-valid', 'SUCCESS'),
      check('server-stateless', 'a', 'FAILURE'),
      check('server-stateless', 'b', 'SUCCESS'),
      check('server-stateless', 'c', 'SUCCESS'),
      check('server-stateless', 'c', 'WARNING'),
      check('server-stateless', 'i', 'INFO'),
      check('tasks-lifecycle', 'x', 'FAILURE'),
    ];
    const required = new Set(['tools-list', 'tools-call-image', 'server-stateless', 'caching']);
    const verdict = judge({ scenarios: new Set(checks.map((c) => c.scenario)), checks }, required, ['tools-call-image:tools-call-image', 'server-stateless:b']);
    expect(verdict).toEqual({
      requiredScenarios: 4,
      passedScenarios: 1,
      expectedFailingScenarios: 1,
      passedChecks: 3,
      failedChecks: 3,
      unexpected: ['server-stateless:a (FAILURE: )', 'server-stateless:c (WARNING: )'],
      stale: ['server-stateless:b'],
      missing: ['caching'],
    });
  });
});
