import { ALL_TOOLS } from '../tools/catalog';
import { loadPrompts, renderPrompt } from './prompt-catalog';

describe('prompt files', () => {
  const prompts = loadPrompts();

  it('are the ten workflows of the issue, each well-formed', () => {
    expect(prompts.map((p) => p.name)).toEqual([
      'address-list-sync', 'comprehensive-device-review', 'device-onboarding', 'dhcp-lease-review', 'dns-ntp-rollout',
      'fleet-health-review', 'security-audit', 'troubleshoot-device', 'troubleshoot-dns-ntp', 'troubleshoot-wireless',
    ]);
  });

  it('name only tools that exist', () => {
    const tools = new Set(ALL_TOOLS.map((t) => t.name));
    for (const prompt of prompts) {
      const named = [...prompt.template.matchAll(/\b([a-z]+_(?:get|list|check)[a-z_]*)\b/g)].map((m) => m[1]);
      expect(named.length).toBeGreaterThan(0);
      for (const name of named) expect({ prompt: prompt.name, tool: name, exists: tools.has(name) }).toMatchObject({ exists: true });
    }
  });

  it('walk the plan workflow: survey, the plan tool, a human approves with the admin CLI, plan_apply, plan_status', () => {
    const tools = new Set(ALL_TOOLS.map((t) => t.name));
    for (const [name, planTool] of [['dns-ntp-rollout', 'plan_dns_ntp'], ['address-list-sync', 'plan_address_list_sync']]) {
      const text = prompts.find((p) => p.name === name)!.template;
      const steps = [planTool, 'routeros-mcp-admin plan show', 'routeros-mcp-admin plan approve', 'plan_apply', 'plan_status', 'execution-log'];
      const at = steps.map((step) => text.indexOf(step));
      expect(at.every((i) => i >= 0)).toBe(true);
      expect([...at].sort((a, b) => a - b)).toEqual(at);
      for (const tool of [planTool, 'plan_apply', 'plan_status', 'plan_rollback']) expect(tools.has(tool)).toBe(true);
      expect(text).toMatch(/you cannot approve/i);
    }
  });

  it('fills arguments and optional sections, and refuses missing or unknown ones', () => {
    const review = prompts.find((p) => p.name === 'fleet-health-review')!;
    expect(renderPrompt(review, { tag: 'site=ber1' })).toContain('(tag site=ber1)');
    expect(renderPrompt(review, {})).not.toContain('(tag');
    const audit = prompts.find((p) => p.name === 'security-audit')!;
    expect(renderPrompt(audit, { device_id: 'dev-1' })).toContain('Audit the security of dev-1');
    expect(() => renderPrompt(audit, {})).toThrow(/device_id: is required/);
    expect(() => renderPrompt(audit, { device_id: 'x', colour: 'red' })).toThrow(/colour: is not an argument of [a-z-]+; did you mean 'device_id'\?/);
  });
});
