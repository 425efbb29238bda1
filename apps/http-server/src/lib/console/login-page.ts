import { html, type Html } from './html';
import { page } from './console-layout';

/** The identity provider's sign-in, when the console logs in through it (ROUTEROS_MCP_CONSOLE_OIDC_*). */
export interface OidcSignIn {
  providerName: string;
}

/**
 * Opening a login link shows this form and uses nothing: the link is spent only by the POST, so a chat preview or
 * a mail scanner fetching the URL cannot use it up (or in). The secret goes back in the form body, never in a Referer.
 * With OIDC configured, the page also offers the identity provider's sign-in (a plain link: starting a login changes
 * nothing here but a short-lived cookie).
 */
export function loginPage(link: string | undefined, oidc?: OidcSignIn): Html {
  return page(
    'Log in',
    html`<h1>Log in to the console</h1>
${link
  ? html`<form method="post" action="/console/login"><input type="hidden" name="link" value="${link}"><p>This login link works once.</p><button type="submit" class="primary">Log in</button></form>`
  : html`${oidc ? html`<p><a class="button primary" href="/console/login/oidc">Sign in with ${oidc.providerName}</a></p><p>Or open a login link an administrator gave you (<code>routeros-mcp-admin console login --user NAME --role ROLE</code>).</p>` : html`<p>Open the login link an administrator gave you (<code>routeros-mcp-admin console login --user NAME --role ROLE</code>).</p>`}`}`,
  );
}

/** A refused sign-in: why, and the way to start again (nothing of the provider's answer but its error code). */
export function signInRefusedPage(title: string, message: string): Html {
  return page(title, html`<h1>${title}</h1><p class="message" role="alert">${message}</p><p><a href="/console/login">Back to the login page</a></p>`);
}

/**
 * After the provider's redirect: the session cookie is SameSite=Strict, which a browser may withhold on the rest of
 * a redirect chain another site started; a refresh from this page is a navigation of the console's own, so it is sent.
 */
export function signedInPage(next: string): Html {
  return page('Signed in', html`<h1>Signed in</h1><p><a href="${next}">Continue to the console</a></p>`, undefined, html`<meta http-equiv="refresh" content="0; url=${next}">`);
}
