import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { consoleBaseOf } from '@routeros-mcp/domain-kernel';
import { VIEW_MIME_TYPE, viewHtml, viewOfTool, viewResultMeta, VIEWS, viewsOf } from './views';

describe('MCP Apps views', () => {
  it('four tools, each with one ui:// view of its own, served as text/html;profile=mcp-app', () => {
    expect(VIEWS.map((v) => [v.tool, v.uri])).toEqual([
      ['plan_get', 'ui://routeros-mcp/plan'],
      ['plan_status', 'ui://routeros-mcp/rollout'],
      ['fleet_get_health_summary', 'ui://routeros-mcp/fleet-health'],
      ['config_diff', 'ui://routeros-mcp/config-diff'],
    ]);
    expect(VIEW_MIME_TYPE).toBe('text/html;profile=mcp-app');
    expect(viewsOf([{ name: 'fleet_get_health_summary' }, { name: 'device_list' }]).map((v) => v.name)).toEqual(['fleet-health']);
  });

  it('the console is /console on the public origin, whatever path the MCP endpoint has', () => {
    expect(consoleBaseOf(undefined, new URL('https://mcp.example.com/routeros/mcp'))).toBe('https://mcp.example.com/console');
    expect(consoleBaseOf(undefined)).toBeUndefined();
  });

  it("only the plan views' results get the plan's console page, and only when a console is known", () => {
    expect(viewResultMeta('plan_get', { plan_id: 'plan-dns-7f3a' }, 'https://mcp.example.com/console')).toEqual({ console_url: 'https://mcp.example.com/console/plans/plan-dns-7f3a' });
    expect(viewResultMeta('plan_status', { plan_id: 'plan-dns-7f3a' }, 'https://mcp.example.com/console/')).toEqual({ console_url: 'https://mcp.example.com/console/plans/plan-dns-7f3a' });
    expect(viewResultMeta('plan_get', { plan_id: 'plan-dns-7f3a' }, undefined)).toEqual({});
    expect(viewResultMeta('config_diff', { plan_id: 'plan-dns-7f3a' }, 'https://mcp.example.com/console')).toEqual({});
    expect(viewResultMeta('plan_list', { plan_id: 'plan-dns-7f3a' }, 'https://mcp.example.com/console')).toEqual({});
    expect(viewOfTool('plan_apply')).toBeUndefined();
  });

  it('a view not built says so and how to build it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'views-'));
    try {
      expect(() => viewHtml(VIEWS[0], dir)).toThrow(/ui:\/\/routeros-mcp\/plan is not built .*plan\.html is missing\): run npm run build/);
      writeFileSync(join(dir, 'plan.html'), '<!doctype html>');
      expect(viewHtml(VIEWS[0], dir)).toBe('<!doctype html>');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
