/** MCP Apps (the extension `io.modelcontextprotocol/ui`, the ext-apps package's EXTENSION_ID; a spec checks they agree): a view is a `ui://` HTML resource a tool names in `_meta.ui.resourceUri`. Kept apart from views.ts so a starting server can say which views it has without loading the ext-apps package. */
export const APPS_EXTENSION = 'io.modelcontextprotocol/ui';

/** A read-only view a client supporting MCP Apps draws a tool's result with; others show the text and structuredContent. */
export interface ViewDefinition {
  /** Its file: dist/views/<name>.html, built from views/<name>.ts by `npm run build`. */
  name: string;
  uri: string;
  tool: string;
  title: string;
  description: string;
  /** A plan's view: its result's `_meta.console_url` links to the plan's console page, where a person approves. */
  planPage?: boolean;
}

const view = (name: string, tool: string, title: string, description: string, planPage = false): ViewDefinition => ({ name, uri: `ui://routeros-mcp/${name}`, tool, title, description, ...(planPage ? { planPage } : {}) });

export const VIEWS: readonly ViewDefinition[] = [
  view('plan', 'plan_get', 'Plan review', "A plan's per-device diff and safety verdicts, read-only; approval is at the console.", true),
  view('rollout', 'plan_status', 'Rollout progress', "A plan's rollout: progress, each device's step, the latest log entries.", true),
  view('fleet-health', 'fleet_get_health_summary', 'Fleet health', 'Every device of the environment: reachable, CPU, memory, uptime.'),
  view('config-diff', 'config_diff', 'Config diff', 'A configuration diff, coloured like git diff.'),
];

/** The view of a tool, if it has one. */
export const viewOfTool = (tool: string): ViewDefinition | undefined => VIEWS.find((v) => v.tool === tool);

/** The views a deployment serves: those of the tools it lists. */
export const viewsOf = (listed: readonly { name: string }[]): ViewDefinition[] => VIEWS.filter((v) => listed.some((t) => t.name === v.tool));

