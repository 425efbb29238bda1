import { RESOURCE_MIME_TYPE } from '@modelcontextprotocol/ext-apps/server';
import { viewOfTool, type ViewDefinition } from './view-list';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { planConsoleUrl } from '../elicitation/plan-console-url';

export const VIEW_MIME_TYPE = RESOURCE_MIME_TYPE;
export { APPS_EXTENSION, VIEWS, viewOfTool, viewsOf } from './view-list';
export type { ViewDefinition } from './view-list';

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
