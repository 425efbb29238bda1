import { App, applyDocumentTheme, applyHostStyleVariables, PostMessageTransport, type McpUiHostContext } from '@modelcontextprotocol/ext-apps';
import { h, text, webUrl, type Child } from './dom';

/** What a view draws from: the tool result's structuredContent and _meta (the console link lives there). */
export interface ViewInput {
  structured: Record<string, unknown>;
  meta: Record<string, unknown>;
}

/** The host's theme and colours (its CSS variables), where it gives them; the view's own defaults otherwise. */
function applyHostContext(context: McpUiHostContext | undefined): void {
  if (context?.theme) applyDocumentTheme(context.theme);
  if (context?.styles?.variables) applyHostStyleVariables(context.styles.variables);
}

/**
 * A link to the operator console, opened by the host (ui/open-link): the view itself is sandboxed and read-only,
 * so approving happens there, under the person's own login. Shown as text too, to copy where the host cannot open it.
 */
export function consoleLink(app: App, url: unknown, label: string): Child {
  const href = webUrl(url);
  if (!href) return null;
  const link = h('a', { href, class: 'console-link', rel: 'noopener noreferrer', target: '_blank' }, label);
  link.addEventListener('click', (event) => {
    event.preventDefault();
    void app.openLink({ url: href }).catch(() => undefined);
  });
  return h('p', { class: 'console' }, link, h('span', { class: 'url' }, ` ${href}`));
}

/**
 * Starts a view: connects to the host over postMessage (the MCP Apps protocol, through the official App class) and
 * draws each tool result the host sends. A failed call shows its text; nothing in the view calls a tool.
 */
export function startView(name: string, render: (input: ViewInput, app: App) => Child): void {
  const root = document.getElementById('view')!;
  const app = new App({ name: `routeros-mcp-${name}`, version: '1' }, {}, { autoResize: true });
  const show = (...children: Child[]) => root.replaceChildren(h('div', {}, children));
  app.ontoolresult = (result) => {
    const content = Array.isArray(result.content) ? result.content : [];
    const said = content.map((c) => (c && c.type === 'text' ? text(c.text) : '')).join('\n');
    if (result.isError || !result.structuredContent) {
      show(h('p', { class: result.isError ? 'error' : '' }, result.isError ? 'The call failed:' : ''), h('pre', { class: 'plain' }, said));
      return;
    }
    show(render({ structured: result.structuredContent as Record<string, unknown>, meta: (result._meta ?? {}) as Record<string, unknown> }, app));
  };
  app.ontoolcancelled = () => show(h('p', { class: 'muted' }, 'The call was cancelled.'));
  app.onhostcontextchanged = () => applyHostContext(app.getHostContext());
  app.onteardown = async () => ({});
  void app
    .connect(new PostMessageTransport(window.parent, window.parent))
    .then(() => applyHostContext(app.getHostContext()))
    .catch((error: unknown) => show(h('p', { class: 'error' }, `Could not reach the host: ${error instanceof Error ? error.message : String(error)}`)));
}
