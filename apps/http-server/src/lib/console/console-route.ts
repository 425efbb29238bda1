import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ApiTokenSummary, AuditEvent, ChangeRecord, ChangeResult, ConsoleLogins, ConsoleSession, Device, Environment, Plan, Principal, SnapshotDiff, SnapshotSummary } from '@routeros-mcp/composition';
import type { Authenticated } from '@routeros-mcp/composition';
import { randomBytes, randomUUID } from 'node:crypto';
import { consolePermissions, isDomainError, OidcLoginError } from '@routeros-mcp/composition';
import { UNAUTHENTICATED_PRINCIPAL, validateHostHeader } from '@routeros-mcp/mcp-protocol';
import type { HttpSettings } from '../http-settings';
import { BodyTooLargeError, readBody } from '../read-body';
import { consoleAsset } from './console-assets';
import { messagePage, type Viewer } from './console-layout';
import { CONSOLE_SECURITY_HEADERS, clearedSessionCookie, cookieOf, csrfTokenMatches, csrfTokenOf, LOGIN_COOKIE, LOGIN_COOKIE_MAX_AGE_S, loginCookie, sameOriginRequest, SESSION_COOKIE, sessionCookie } from './console-security';
import { auditPage } from './audit-page';
import { changesPage } from './changes-page';
import { devicePage } from './device-page';
import { fleetPage } from './fleet-page';
import type { Html } from './html';
import { loginPage, signedInPage, signInRefusedPage } from './login-page';
import { planPage, plansPage } from './plan-pages';
import { tokensPage } from './tokens-page';

export const CONSOLE_PATH = '/console';
/** Console forms are a few short fields. */
const MAX_FORM_BYTES = 16 * 1024;

export interface ConsoleDeps {
  settings: Pick<HttpSettings, 'publicUrl' | 'allowedHosts'>;
  logins: Pick<ConsoleLogins, 'redeemLink' | 'session' | 'logout' | 'openSession'>;
  /** Sign-in through the MCP endpoint's identity provider (absent: login links only). */
  oidc?: {
    providerName: string;
    /** The authorization URL for a pre-login cookie's seed. */
    start(seed: string): Promise<URL>;
    /** The callback's query checked against the seed, the code exchanged, the ID token verified and mapped. */
    finish(seed: string, query: URLSearchParams): Promise<Authenticated>;
  };
  plans: {
    list(query: { limit?: number }, principal?: Principal): Promise<Plan[]>;
    get(planId: string): Promise<Plan>;
    approve(planId: string, approver: Principal, options: { comment?: string; expectedContentHash?: string }): Promise<unknown>;
    reject(planId: string, principal: Principal, reason: string): Promise<unknown>;
  };
  devices: { list(filter?: Record<string, never>): Promise<Device[]>; get(id: string): Promise<Device> };
  /** Config history: a device's snapshots, and a diff between two or against live. */
  snapshots: { list(deviceId: string, options: { limit: number }): Promise<SnapshotSummary[]>; diff(fromId: string, to: string): Promise<SnapshotDiff> };
  /** plan_rollback's use case: the plan moves to rolling_back and this process's runner undoes it. */
  rollouts: { rollback(planId: string, principal: Principal): Promise<unknown> };
  /** The change history: list, read, and revert one through the change pipeline (as change_revert and the CLI). */
  changes: {
    list(query: { deviceId?: string; limit: number }): Promise<ChangeRecord[]>;
    get(changeId: string): Promise<ChangeRecord>;
    revert(request: { principal: Principal; correlationId: string; environment: Environment; changeId: string; dryRun: boolean }): Promise<ChangeResult>;
  };
  /** API tokens (the admin CLI's `token` commands' service). */
  tokens: {
    list(): Promise<ApiTokenSummary[]>;
    create(input: { name: string; role: string; expiresAt?: Date; createdBy: string }): Promise<{ token: string; summary: ApiTokenSummary }>;
    revoke(id: string): Promise<unknown>;
  };
  environment: Environment;
  /** The audit log, newest first (as `audit` at the CLI reads it). */
  auditLog(query: { deviceId?: string; planId?: string; action?: string; since?: Date; limit: number }): Promise<AuditEvent[]>;
  /** Runs work inside an audit record (started, then its outcome), as the CLI's change revert does. */
  audited<T>(action: { principal: Principal; action: string; deviceId?: string; correlationId?: string; arguments?: Record<string, unknown> }, work: () => Promise<T>): Promise<T>;
  /** A refused action's audit record (the person's principal, the action, the refusal's code). */
  refused(action: { principal: Principal; action: string; planId?: string }, errorCode: string): Promise<void>;
  logger: { warn(message: string, meta?: Record<string, unknown>): void; info(message: string, meta?: Record<string, unknown>): void };
}

interface Signed {
  secret: string;
  session: ConsoleSession;
  viewer: Viewer;
}

function send(res: ServerResponse, status: number, body: Html | string, headers: Record<string, string | string[]> = {}): void {
  const text = typeof body === 'string' ? body : body.text;
  res.writeHead(status, { ...CONSOLE_SECURITY_HEADERS, 'content-type': 'text/html; charset=utf-8', 'content-length': String(Buffer.byteLength(text)), ...headers });
  res.end(text);
}

const redirect = (res: ServerResponse, location: string, headers: Record<string, string | string[]> = {}) => {
  res.writeHead(303, { ...CONSOLE_SECURITY_HEADERS, location, 'content-length': '0', ...headers });
  res.end();
};

async function formOf(req: IncomingMessage): Promise<URLSearchParams | undefined> {
  if (!/^application\/x-www-form-urlencoded\b/i.test(req.headers['content-type'] ?? '')) return undefined;
  return new URLSearchParams((await readBody(req, MAX_FORM_BYTES)).toString('utf8'));
}

/**
 * The operator console under /console: server-rendered pages, forms that post back here. Every page and action is
 * judged for the session's principal by the application layer (consolePermissions, and the use case itself); a
 * state-changing request must come from the console's own origin, within a live session, with that session's CSRF
 * token, in that order.
 */
export function consoleApp(deps: ConsoleDeps): (req: IncomingMessage, res: ServerResponse, path: string) => Promise<void> {
  const origin = deps.settings.publicUrl.origin;
  const secure = deps.settings.publicUrl.protocol === 'https:';

  const signedIn = async (req: IncomingMessage): Promise<Signed | undefined> => {
    const secret = cookieOf(req, SESSION_COOKIE);
    const session = secret ? await deps.logins.session(secret) : undefined;
    if (!secret || !session) return undefined;
    return { secret, session, viewer: { userName: session.userName, role: session.role, csrf: csrfTokenOf(secret) } };
  };

  const refuse = async (res: ServerResponse, signed: Signed, action: string, planId: string | undefined, message: string) => {
    await deps.refused({ principal: signed.session.principal, action, ...(planId ? { planId } : {}) }, 'ACCESS.REFUSED').catch(() => undefined);
    deps.logger.info('console action refused', { principal: signed.session.principal.id, action, plan_id: planId });
    return send(res, 403, messagePage('Not allowed', message, signed.viewer));
  };

  /** A refused sign-in: audited and logged as the console's other refusals (never the code, a token or the secret). */
  const refuseSignIn = async (res: ServerResponse, status: number, reason: string, message: string, principal: Principal = { ...UNAUTHENTICATED_PRINCIPAL, via: 'console' }) => {
    await deps.refused({ principal, action: 'console.login' }, status === 403 && principal.id !== UNAUTHENTICATED_PRINCIPAL.id ? 'ACCESS.REFUSED' : 'PROTOCOL.UNAUTHORIZED').catch(() => undefined);
    deps.logger.info('console sign-in refused', { principal: principal.id, reason });
    return send(res, status, signInRefusedPage('Not signed in', message), { 'set-cookie': loginCookie('', { secure, maxAgeS: 0 }) });
  };

  const startSignIn = async (res: ServerResponse, oidc: NonNullable<ConsoleDeps['oidc']>) => {
    const seed = randomBytes(32).toString('base64url');
    let url: URL;
    try {
      url = await oidc.start(seed);
    } catch (error) {
      if (!(error instanceof OidcLoginError)) throw error;
      deps.logger.warn('console sign-in: the identity provider is not usable', { reason: error.reason, error: error.message });
      return send(res, 502, signInRefusedPage('Sign-in unavailable', `The identity provider cannot be used right now: ${error.message}. Try again later, or use a login link.`));
    }
    return redirect(res, url.href, { 'set-cookie': loginCookie(seed, { secure, maxAgeS: LOGIN_COOKIE_MAX_AGE_S }) });
  };

  /** The provider's redirect back: one use per pre-login cookie (cleared whatever the outcome), then a session. */
  const finishSignIn = async (req: IncomingMessage, res: ServerResponse, oidc: NonNullable<ConsoleDeps['oidc']>, query: URLSearchParams) => {
    const seed = cookieOf(req, LOGIN_COOKIE);
    if (!seed || !/^[A-Za-z0-9_-]{43}$/.test(seed)) return refuseSignIn(res, 403, 'no_login_started', 'This sign-in answer does not belong to a sign-in started in this browser, or it was used already or took too long. Start again.');
    let proven: Authenticated;
    try {
      proven = await oidc.finish(seed, query);
    } catch (error) {
      if (!(error instanceof OidcLoginError)) throw error;
      const status = error.reason === 'unavailable' || error.reason === 'exchange' ? 502 : 403;
      return refuseSignIn(res, status, error.reason, `${error.message[0].toUpperCase()}${error.message.slice(1)}. Start again.`);
    }
    let opened: Awaited<ReturnType<ConsoleDeps['logins']['openSession']>>;
    try {
      opened = await deps.logins.openSession(proven.principal);
    } catch (error) {
      if (!isDomainError(error) || !error.code.startsWith('VALIDATION')) throw error;
      const why = ((error as { errors?: { message: string }[] }).errors ?? [{ message: error.message }]).map((e) => e.message).join('; ');
      return refuseSignIn(res, 403, 'no_role', `${oidc.providerName} signed you in, but the console cannot serve you: ${why}. Ask an administrator for a role.`, { ...proven.principal, via: 'console' });
    }
    const maxAgeS = Math.max(1, Math.floor((opened.session.expiresAt.getTime() - Date.now()) / 1000));
    return send(res, 200, signedInPage('/console/fleet'), { 'set-cookie': [sessionCookie(opened.secret, { secure, maxAgeS }), loginCookie('', { secure, maxAgeS: 0 })] });
  };

  /** What a domain refusal answers: its status and the page saying why (nothing changed). */
  const failed = (res: ServerResponse, signed: Signed, title: string, error: unknown) => {
    if (!isDomainError(error)) throw error;
    const status = error.code.endsWith('NOT_FOUND') ? 404 : /NOT_ENTITLED|SELF_APPROVAL|ACCESS/.test(error.code) ? 403 : error.code.startsWith('VALIDATION') ? 400 : 409;
    return send(res, status, messagePage(title, error.message, signed.viewer));
  };

  const rollbackPlan = async (res: ServerResponse, signed: Signed, planId: string) => {
    const principal = signed.session.principal;
    if (!consolePermissions(principal).rollbackPlans) return refuse(res, signed, 'plan.rollback', planId, `Rolling a plan back needs the approver or admin role (as plan_rollback); you are ${signed.session.role}.`);
    try {
      await deps.rollouts.rollback(planId, principal);
    } catch (error) {
      return failed(res, signed, 'Not rolled back', error);
    }
    return redirect(res, `/console/plans/${encodeURIComponent(planId)}?done=rolling_back`);
  };

  const revertChange = async (res: ServerResponse, signed: Signed, changeId: string) => {
    const principal = signed.session.principal;
    if (!consolePermissions(principal).revertChanges) return refuse(res, signed, 'change.revert', undefined, `Reverting a change needs the ops_rw or admin role (as change_revert); you are ${signed.session.role}.`);
    try {
      const original = await deps.changes.get(changeId);
      const correlationId = randomUUID();
      const result = await deps.audited({ principal, action: 'change.revert', deviceId: original.deviceId, correlationId, arguments: { change_id: changeId, dry_run: false } }, () =>
        deps.changes.revert({ principal, correlationId, environment: deps.environment, changeId, dryRun: false }),
      );
      return redirect(res, `/console/changes?done=${encodeURIComponent(`${changeId} reverted on ${original.deviceId}${result.changeId ? ` (undo recorded as ${result.changeId})` : ""}`)}`);
    } catch (error) {
      return failed(res, signed, 'Not reverted', error);
    }
  };

  const showDevice = async (res: ServerResponse, signed: Signed, id: string, query: URLSearchParams) => {
    try {
      const device = await deps.devices.get(id);
      // As every device read: this server touches only devices of the environment it serves (live exports included).
      if (device.environment !== deps.environment) return send(res, 403, messagePage('Not served here', `Device ${id} is in ${device.environment}; this server serves ${deps.environment}.`, signed.viewer));
      const [changes, snapshots] = await Promise.all([deps.changes.list({ deviceId: id, limit: 20 }), deps.snapshots.list(id, { limit: 50 })]);
      const from = query.get('from') ?? undefined;
      const to = query.get('to') ?? undefined;
      const known = (ref: string | undefined) => ref === undefined || ref === 'live' || snapshots.some((s) => s.id === ref);
      if (from && (from === 'live' || !known(from) || !known(to))) return send(res, 400, messagePage('Not compared', 'Compare two snapshots of this device, or one against live.', signed.viewer));
      const diff = from ? await deps.snapshots.diff(from, to ?? 'live') : undefined;
      return send(res, 200, devicePage({ device, changes, snapshots, ...(diff ? { diff } : {}), ...(from ? { from } : {}), ...(to ? { to } : {}) }, signed.viewer));
    } catch (error) {
      return failed(res, signed, 'Not shown', error);
    }
  };

  const tokenAction = async (res: ServerResponse, signed: Signed, path: string, form: URLSearchParams) => {
    const principal = signed.session.principal;
    const revoking = /^\/console\/tokens\/([^/]+)\/revoke$/.exec(path);
    if (!consolePermissions(principal).manageTokens) return refuse(res, signed, revoking ? 'token.revoke' : 'token.create', undefined, `API tokens are managed by admins; you are ${signed.session.role}.`);
    try {
      if (revoking) {
        const id = decodeURIComponent(revoking[1]);
        await deps.audited({ principal, action: 'token.revoke', arguments: { token_id: id } }, () => deps.tokens.revoke(id));
        return redirect(res, '/console/tokens');
      }
      const days = (form.get('expires_days') ?? '').trim();
      if (days && !/^\d{1,4}$/.test(days)) return send(res, 400, messagePage('Not created', 'Expires in days: a whole number of days, or empty for never.', signed.viewer));
      const name = (form.get('name') ?? '').trim();
      const role = form.get('role') ?? '';
      const expiresAt = days ? new Date(Date.now() + Number(days) * 86_400_000) : undefined;
      const created = await deps.audited({ principal, action: 'token.create', arguments: { name, role, expires_at: expiresAt?.toISOString() ?? null } }, () =>
        deps.tokens.create({ name, role, createdBy: principal.id, ...(expiresAt ? { expiresAt } : {}) }),
      );
      // The secret is in this answer only (no-store); a reload shows the list without it.
      return send(res, 200, tokensPage(await deps.tokens.list(), signed.viewer, { name: created.summary.name, secret: created.token }));
    } catch (error) {
      return failed(res, signed, 'Not done', error);
    }
  };

  const post = async (req: IncomingMessage, res: ServerResponse, path: string) => {
    if (!sameOriginRequest(req, origin)) {
      deps.logger.warn('console request refused: not from the console origin', { path, origin: req.headers.origin });
      return send(res, 403, messagePage('Refused', 'This request did not come from a page of this console.'));
    }
    let form: URLSearchParams | undefined;
    try {
      form = await formOf(req);
    } catch (error) {
      if (error instanceof BodyTooLargeError) return send(res, 413, messagePage('Too large', 'The form is too large.'));
      throw error;
    }
    if (!form) return send(res, 415, messagePage('Refused', 'Send the form as application/x-www-form-urlencoded.'));
    if (path === '/console/login') {
      const redeemed = await deps.logins.redeemLink(form.get('link') ?? '');
      if (!redeemed) return send(res, 403, messagePage('Login link not valid', 'This login link was used already, has expired or is unknown. Ask for a new one.'));
      const maxAgeS = Math.max(1, Math.floor((redeemed.session.expiresAt.getTime() - Date.now()) / 1000));
      return redirect(res, '/console/plans', { 'set-cookie': sessionCookie(redeemed.secret, { secure, maxAgeS }) });
    }
    const signed = await signedIn(req);
    if (!signed) return send(res, 401, messagePage('Logged out', 'Your session has ended (logged out or expired): log in again.'), { 'set-cookie': clearedSessionCookie(secure) });
    if (!csrfTokenMatches(signed.secret, form.get('csrf') ?? undefined)) {
      deps.logger.warn('console request refused: CSRF token missing or wrong', { path, principal: signed.session.principal.id });
      return send(res, 403, messagePage('Refused', 'The form is stale or was not made by this console (CSRF token missing or wrong). Reload the page and try again.', signed.viewer));
    }
    if (path === '/console/logout') {
      await deps.logins.logout(signed.secret);
      return redirect(res, '/console/login', { 'set-cookie': clearedSessionCookie(secure) });
    }
    if (path === '/console/tokens' || /^\/console\/tokens\/[^/]+\/revoke$/.test(path)) return tokenAction(res, signed, path, form);
    const revert = /^\/console\/changes\/([^/]+)\/revert$/.exec(path);
    if (revert) return revertChange(res, signed, decodeURIComponent(revert[1]));
    const decision = /^\/console\/plans\/([^/]+)\/(approve|reject|rollback)$/.exec(path);
    if (!decision) return send(res, 404, messagePage('Not found', `Nothing is posted to ${path}.`, signed.viewer));
    const planId = decodeURIComponent(decision[1]);
    const action = decision[2] as 'approve' | 'reject' | 'rollback';
    const principal = signed.session.principal;
    if (action === 'rollback') return rollbackPlan(res, signed, planId);
    if (!consolePermissions(principal).decidePlans) return refuse(res, signed, `plan.${action}`, planId, `Approving and rejecting plans needs the approver or admin role; you are ${signed.session.role}.`);
    const here = `/console/plans/${encodeURIComponent(planId)}`;
    try {
      if (action === 'approve') {
        const shown = form.get('content_hash') ?? '';
        if (!shown) return send(res, 400, messagePage('Refused', 'The approval names no content hash: approve from the plan page.', signed.viewer));
        const comment = form.get('comment')?.trim();
        await deps.plans.approve(planId, principal, { expectedContentHash: shown, ...(comment ? { comment } : {}) });
        return redirect(res, `${here}?done=approved`);
      }
      await deps.plans.reject(planId, principal, form.get('reason') ?? '');
      return redirect(res, `${here}?done=rejected`);
    } catch (error) {
      if (!isDomainError(error)) throw error;
      const status = error.code.endsWith('NOT_FOUND') ? 404 : /NOT_ENTITLED|SELF_APPROVAL|ACCESS/.test(error.code) ? 403 : error.code.startsWith('VALIDATION') ? 400 : 409;
      const message = error.code === 'PLAN.APPROVAL_INVALID' ? `The plan changed since you read it (its content hash is not the one you were shown): nothing was approved. ${error.message}` : error.message;
      return send(res, status, messagePage(`Not ${action === 'approve' ? 'approved' : 'rejected'}`, message, signed.viewer));
    }
  };

  const get = async (req: IncomingMessage, res: ServerResponse, path: string, query: URLSearchParams) => {
    if (path.startsWith('/console/assets/')) {
      const asset = consoleAsset(path.slice('/console/assets/'.length));
      if (!asset) return send(res, 404, messagePage('Not found', 'No such asset.'));
      res.writeHead(200, { ...CONSOLE_SECURITY_HEADERS, 'content-type': asset.type, 'content-length': String(asset.body.length), 'cache-control': 'no-cache' });
      return void res.end(req.method === 'HEAD' ? undefined : asset.body);
    }
    if (path === '/console/login') return send(res, 200, loginPage(query.get('link') ?? undefined, deps.oidc ? { providerName: deps.oidc.providerName } : undefined));
    if (path === '/console/login/oidc' || path === '/console/login/callback') {
      if (!deps.oidc) return send(res, 404, messagePage('Not found', 'This console does not sign in through an identity provider.'));
      return path === '/console/login/oidc' ? startSignIn(res, deps.oidc) : finishSignIn(req, res, deps.oidc, query);
    }
    const signed = await signedIn(req);
    if (!signed) return redirect(res, '/console/login');
    const principal = signed.session.principal;
    if (!consolePermissions(principal).read) return send(res, 403, messagePage('Not allowed', 'Your role does not open the console.', signed.viewer));
    // Login links give a role only, never a narrowing by environment or tag; a narrowed principal is not served yet.
    if (principal.environments || principal.deviceTags) return send(res, 403, messagePage('Not allowed', 'The console does not serve principals narrowed to some environments or tags yet.', signed.viewer));
    if (path === '/console' || path === '/console/' || path === '/console/plans') return send(res, 200, plansPage(await deps.plans.list({ limit: 200 }, principal), signed.viewer));
    if (path === '/console/fleet') {
      const filter = { ...(query.get('environment') ? { environment: query.get('environment')! } : {}), ...(query.get('tag') ? { tag: query.get('tag')! } : {}) };
      return send(res, 200, fleetPage(await deps.devices.list({}), filter, signed.viewer));
    }
    if (path === '/console/audit') {
      const text = (name: string) => query.get(name)?.trim() || undefined;
      const filter = { principal: text('principal'), device: text('device'), action: text('action'), plan: text('plan'), since: text('since') };
      const since = filter.since ? new Date(filter.since) : undefined;
      if (since && Number.isNaN(since.getTime())) return send(res, 400, messagePage('Not searched', `Since: '${filter.since}' is not a time (e.g. 2026-11-28T09:00:00Z).`, signed.viewer));
      // The principal is matched here, in the records the other filters found (the log is searched by them).
      const found = await deps.auditLog({ ...(filter.device ? { deviceId: filter.device } : {}), ...(filter.plan ? { planId: filter.plan } : {}), ...(filter.action ? { action: filter.action } : {}), ...(since ? { since } : {}), limit: filter.principal ? 2_000 : 200 });
      const events = (filter.principal ? found.filter((e) => e.principal.id.includes(filter.principal!)) : found).slice(0, 200);
      return send(res, 200, auditPage(events, filter, signed.viewer));
    }
    if (path === '/console/tokens') {
      if (!consolePermissions(principal).manageTokens) return send(res, 403, messagePage('Not allowed', `API tokens are managed by admins; you are ${signed.session.role}.`, signed.viewer));
      return send(res, 200, tokensPage(await deps.tokens.list(), signed.viewer));
    }
    const deviceMatch = /^\/console\/devices\/([^/]+)$/.exec(path);
    if (deviceMatch) return showDevice(res, signed, decodeURIComponent(deviceMatch[1]), query);
    if (path === '/console/changes') {
      const done = query.get('done');
      return send(res, 200, changesPage(await deps.changes.list({ limit: 50 }), signed.viewer, { mayRevert: consolePermissions(principal).revertChanges, ...(done ? { notice: `Change ${done}.` } : {}) }));
    }
    const planMatch = /^\/console\/plans\/([^/]+)$/.exec(path);
    if (planMatch) {
      const planId = decodeURIComponent(planMatch[1]);
      let plan: Plan;
      try {
        plan = await deps.plans.get(planId);
      } catch (error) {
        if (isDomainError(error) && error.code.endsWith('NOT_FOUND')) return send(res, 404, messagePage('Not found', `No plan ${planId}.`, signed.viewer));
        throw error;
      }
      const done = query.get('done');
      const allowed = consolePermissions(principal);
      const notice = done === 'approved' || done === 'rejected' ? `Plan ${done}.` : done === 'rolling_back' ? 'Rollback started.' : undefined;
      return send(res, 200, planPage(plan, signed.viewer, { mayDecide: allowed.decidePlans, mayRollback: allowed.rollbackPlans, ...(notice ? { notice } : {}) }));
    }
    return send(res, 404, messagePage('Not found', `No console page ${path}.`, signed.viewer));
  };

  return async (req, res, path) => {
    // DNS rebinding: the console answers only to the host names MCP answers to.
    if (!validateHostHeader(req.headers.host, deps.settings.allowedHosts).ok) return send(res, 403, messagePage('Refused', 'This host name is not served.'));
    const query = new URL(req.url ?? '/', origin).searchParams;
    if (req.method === 'POST') return post(req, res, path);
    if (req.method === 'GET' || req.method === 'HEAD') return get(req, res, path, query);
    return send(res, 405, messagePage('Not allowed', `${req.method} is not served here.`), { allow: 'GET, HEAD, POST' });
  };
}
