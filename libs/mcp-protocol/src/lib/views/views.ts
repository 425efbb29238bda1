import { EXTENSION_ID, RESOURCE_MIME_TYPE } from '@modelcontextprotocol/ext-apps/server';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { planConsoleUrl } from '../elicitation/plan-console-url';

/** MCP Apps (the extension `io.modelcontextprotocol/ui`): a view is a `ui://` HTML resource a tool names in `_meta.ui.resourceUri`. */
export const APPS_EXTENSION = EXTENSION_ID;
export const VIEW_MIME_TYPE = RESOURCE_MIME_TYPE;

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

/**
 * The package root holds dist/views: this file is src/lib/views (specs) or dist/lib/views (built), three levels down
 * either way.
 */
const BUILT = join(__dirname, '..', '..', '..', 'dist', 'views');
const pages = new Map<string, string>();

/** A view's self-contained HTML, read once. */
export function viewHtml(view: ViewDefinition, dir = BUILT): string {
  let html = pages.get(`${dir}/${view.name}`);
  if (html === undefined) {
    try {
      html = readFileSync(join(dir, `${view.name}.html`), 'utf8');
    } catch {
      throw new Error(`the view ${view.uri} is not built (${join(dir, `${view.name}.html`)} is missing): run npm run build`);
    }
    pages.set(`${dir}/${view.name}`, html);
  }
  return html;
}

/**
 * What a view's tool result adds to `_meta`: a plan's console page (`{console}/plans/{plan_id}`) when the server's
 * public URL is configured, which the plan views link to. Nothing else: text and structuredContent stay as they are.
 */
export function viewResultMeta(tool: string, structured: unknown, consoleBase: string | undefined): Record<string, string> {
  const planId = (structured as { plan_id?: unknown } | undefined)?.plan_id;
  const page = viewOfTool(tool)?.planPage && typeof planId === 'string' ? planConsoleUrl(consoleBase, planId) : undefined;
  return page ? { console_url: page } : {};
}
