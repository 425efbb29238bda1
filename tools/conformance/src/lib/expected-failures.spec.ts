import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { parseExpectedFailures, toSuiteBaseline } from './expected-failures';

describe('expected-failures file', () => {
  it('parses the repository file: one check per entry, each naming the suite fixture it needs (one documented design exception)', () => {
    const file = parseExpectedFailures(readFileSync(join(__dirname, '..', '..', 'expected-failures.yaml'), 'utf8'));
    for (const entries of Object.values(file)) expect(entries.length).toBeGreaterThan(0);
    const entries = Object.values(file).flat();
    const byDesign = entries.filter((e) => /^by design/.test(e.reason));
    expect(byDesign.map((e) => e.check)).toEqual(['server-sse-multiple-streams:server-sse-multiple-streams-session']);
    for (const { reason } of entries.filter((e) => !byDesign.includes(e))) expect(reason).toMatch(/the fixture (tool|prompt|resource|template resource) (test_|test:\/\/)/);
  });

  it('refuses an entry without a reason', () => {
    expect(() => parseExpectedFailures("'2026-07-28':\n  - check: tools-list:tools-list\n")).toThrow(/2026-07-28\.0\.reason/);
  });

  it('refuses a whole-scenario entry: one check per entry keeps the scenario\'s other checks enforced', () => {
    expect(() => parseExpectedFailures("'2025-11-25':\n  - check: tools-call-image\n    reason: calls a fixture tool\n")).toThrow(/<scenario>:<check-id>/);
  });

  it('refuses an unknown revision and a duplicate entry', () => {
    expect(() => parseExpectedFailures("'2024-11-05': []\n")).toThrow(/2024-11-05/);
    const twice = "'2025-11-25':\n" + '  - check: a:b\n    reason: calls a fixture tool\n'.repeat(2);
    expect(() => parseExpectedFailures(twice)).toThrow(/a:b twice/);
  });

  it('writes the suite\'s baseline format', () => {
    const yaml = toSuiteBaseline([{ check: 'tools-call-image:tools-call-image', reason: 'calls the fixture tool test_image_content' }]);
    expect(parse(yaml)).toEqual({ server: ['tools-call-image:tools-call-image'] });
  });
});
