import { ALL_TOOLS, TOOLSETS, ToolCatalog } from '../tools/catalog';
import { loadPrompts, renderPrompt } from './prompt-catalog';
import { adaptTemplate, servePrompts, toolsNamed } from './prompt-exposure';

const KNOWN = new Set(ALL_TOOLS.map((t) => t.name));
const served = (catalog: ToolCatalog) => servePrompts(loadPrompts(), new Set(catalog.tools.map((t) => t.name)), KNOWN);

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

  it('require tools that exist, and name any other tool only inside a numbered step (which can be left out)', () => {
    for (const prompt of prompts) {
      for (const tool of prompt.requires) expect({ prompt: prompt.name, tool, exists: KNOWN.has(tool) }).toMatchObject({ exists: true });
      const outsideSteps = prompt.template.split('\n').filter((line) => !/^(\d+\. |\s+\S)/.test(line)).join('\n');
      for (const tool of toolsNamed(outsideSteps, KNOWN)) expect({ prompt: prompt.name, tool, required: prompt.requires.includes(tool) }).toMatchObject({ required: true });
    }
  });
});

describe('prompts as a deployment serves them', () => {
  it.each([
    ['the write default', new ToolCatalog(), ['comprehensive-device-review', 'device-onboarding', 'fleet-health-review', 'security-audit', 'troubleshoot-device', 'troubleshoot-dns-ntp']],
    ['the read-only default', new ToolCatalog({ readOnly: true }), ['comprehensive-device-review', 'device-onboarding', 'dhcp-lease-review', 'fleet-health-review', 'security-audit', 'troubleshoot-device', 'troubleshoot-dns-ntp', 'troubleshoot-wireless']],
    ['all', new ToolCatalog({ toolsets: ['all'] }), loadPrompts().map((p) => p.name)],
  ])('%s lists the prompts whose tools it lists, naming no other tool', (_label, catalog, expected) => {
    const { listed, withheld } = served(catalog);
    expect(listed.map((p) => p.name)).toEqual(expected);
    const names = new Set(catalog.tools.map((t) => t.name));
    for (const prompt of listed) {
      const text = renderPrompt(prompt, Object.fromEntries(prompt.arguments.map((a) => [a.name, 'x'])));
      expect({ prompt: prompt.name, hidden: toolsNamed(text, KNOWN).filter((tool) => !names.has(tool)) }).toEqual({ prompt: prompt.name, hidden: [] });
    }
    for (const { prompt, missing } of withheld) expect({ prompt: prompt.name, missing: missing.length > 0 }).toEqual({ prompt: prompt.name, missing: true });
  });

  it('names only listed tools under every single tool set, read-only or not', () => {
    for (const readOnly of [false, true]) {
      for (const toolset of TOOLSETS) {
        const catalog = new ToolCatalog({ toolsets: [toolset], readOnly });
        const names = new Set(catalog.tools.map((t) => t.name));
        for (const prompt of served(catalog).listed) expect({ toolset, readOnly, prompt: prompt.name, hidden: toolsNamed(prompt.template, KNOWN).filter((t) => !names.has(t)) }).toMatchObject({ hidden: [] });
      }
    }
  });

  it('leaves out the steps that name a tool not listed, with their continuation lines, and renumbers the rest', () => {
    const template = ['Intro naming device_list.', '1. device_list first.', '2. logs_get_recent, then', '   read logs_get_config too.', '3. system_get_overview.', 'Finish.'].join('\n');
    expect(adaptTemplate(template, new Set(['device_list', 'system_get_overview']), KNOWN)).toBe(['Intro naming device_list.', '1. device_list first.', '2. system_get_overview.', 'Finish.'].join('\n'));
    const review = served(new ToolCatalog()).listed.find((p) => p.name === 'comprehensive-device-review')!;
    expect(review.template).not.toMatch(/bridge_list_ports|dhcp_get_server_status|logs_get_recent/);
    expect(review.template).toMatch(/^5\. Security: firewall_list_filter_rules/m);
  });
});
