import { consoleBaseOf } from '@routeros-mcp/domain-kernel';
import { planConsoleUrl } from './plan-console-url';

describe('the console URL of a plan', () => {
  it('is the public origin + /console/plans/{id} over HTTP, whatever path the MCP endpoint has', () => {
    const base = consoleBaseOf(undefined, new URL('https://mcp.example.com:8443/api/mcp'));
    expect(planConsoleUrl(base, 'plan-1')).toBe('https://mcp.example.com:8443/console/plans/plan-1');
  });

  it('takes the configured base instead (a trailing slash dropped), and there is none without one and without a public URL (stdio)', () => {
    expect(planConsoleUrl(consoleBaseOf('https://ops.example.com/routeros/console/', new URL('http://127.0.0.1:8080/mcp')), 'plan-2')).toBe('https://ops.example.com/routeros/console/plans/plan-2');
    expect(planConsoleUrl(consoleBaseOf(undefined), 'plan-3')).toBeUndefined();
  });

  it('escapes the id, so it names one page and nothing else', () => {
    expect(planConsoleUrl('https://h/console', 'a/../b?x=1')).toBe('https://h/console/plans/a%2F..%2Fb%3Fx%3D1');
  });
});
