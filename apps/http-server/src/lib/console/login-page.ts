import { html, type Html } from './html';
import { page } from './console-layout';

/**
 * Opening a login link shows this form and uses nothing: the link is spent only by the POST, so a chat preview or
 * a mail scanner fetching the URL cannot use it up (or in). The secret goes back in the form body, never in a Referer.
 */
export function loginPage(link: string | undefined): Html {
  return page(
    'Log in',
    html`<h1>Log in to the console</h1>
${link
  ? html`<form method="post" action="/console/login"><input type="hidden" name="link" value="${link}"><p>This login link works once.</p><button type="submit" class="primary">Log in</button></form>`
  : html`<p>Open the login link an administrator gave you (<code>routeros-mcp-admin console login --user NAME --role ROLE</code>).</p>`}`,
  );
}
