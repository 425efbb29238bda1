import { html, type Html } from './html';

/** Who is looking, for the header: the name and role a login gave. */
export interface Viewer {
  userName: string;
  role: string;
  csrf: string;
}

/** Every console page: one stylesheet and one deferred script from /console/assets, nothing inline. */
export function page(title: string, body: Html, viewer?: Viewer, head?: Html): Html {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · RouterOS MCP console</title>
<link rel="icon" href="/console/assets/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/console/assets/console.css">
<script src="/console/assets/console.js" defer></script>
${head ?? null}</head>
<body>
<header class="top">
<a class="brand" href="/console/plans">RouterOS MCP console</a>
${viewer
  ? html`<nav aria-label="Main"><a href="/console/plans">Plans</a> <a href="/console/fleet">Fleet</a> <a href="/console/changes">Changes</a> <a href="/console/audit">Audit</a>${viewer.role.split(',').includes('admin') ? html` <a href="/console/tokens">Tokens</a>` : null}</nav>
<form class="who" method="post" action="/console/logout"><span>${viewer.userName} (${viewer.role})</span> <input type="hidden" name="csrf" value="${viewer.csrf}"><button type="submit">Log out</button></form>`
  : null}
</header>
<main>
${body}
</main>
</body>
</html>
`;
}

export function messagePage(title: string, message: string, viewer?: Viewer): Html {
  return page(title, html`<h1>${title}</h1><p class="message" role="alert">${message}</p>${viewer ? html`<p><a href="/console/plans">Back to the plans</a></p>` : html`<p>Ask an administrator for a login link (<code>routeros-mcp-admin console login</code>).</p>`}`, viewer);
}

export const when = (date: Date | undefined): string => (date ? date.toISOString().replace('.000Z', 'Z') : '');
