import { badge, diffBlock, facts, h, table, text } from './dom';
import { consoleLink, startView } from './view-app';

/** plan_get: the plan's per-device diff and every safety verdict; read-only, approval is at the console. */
startView('plan', ({ structured: p, meta }, app) => {
  const devices = Array.isArray(p['devices']) ? (p['devices'] as Record<string, unknown>[]) : [];
  const excluded = Array.isArray(p['excluded']) ? (p['excluded'] as Record<string, unknown>[]) : [];
  const approval = p['approval'] as Record<string, unknown> | null | undefined;
  return [
    h('header', {}, h('h1', {}, text(p['title'])), h('p', { class: 'sub' }, text(p['plan_id']), ' ', badge(p['status']), ' risk ', badge(p['risk']))),
    facts([
      ['Topic', text(p['topic'])],
      ['Environment', text(p['environment'])],
      ['Created by', `${text(p['created_by'])} at ${text(p['created_at'])}`],
      ['Expires', text(p['expires_at'])],
      ['Content hash', h('code', {}, text(p['content_hash']))],
      ['Approval', approval ? `${text(approval['approved_by'])} at ${text(approval['approved_at'])}, valid until ${text(approval['expires_at'])}` : 'not approved'],
      ['Summary', text(p['summary'])],
      ['Failure', p['failure_reason'] ? text(p['failure_reason']) : undefined],
      ['Next step', text(p['next_step'])],
    ]),
    consoleLink(app, meta['console_url'], 'Review and approve in the operator console'),
    h('p', { class: 'muted' }, 'This view is read-only: plans are approved by a person at the console or with routeros-mcp-admin, never here.'),
    devices.map((d) =>
      h(
        'section',
        { class: 'device' },
        h('h2', {}, text(d['device_id']), ' ', badge(d['status']), d['risk'] ? [' risk ', badge(d['risk'])] : null, ` batch ${Number(d['batch']) + 1}`),
        d['summary'] ? h('p', {}, text(d['summary'])) : null,
        d['error'] ? h('p', { class: 'error' }, text(d['error'])) : null,
        Array.isArray(d['diff']) && d['diff'].length ? diffBlock(d['diff']) : h('p', { class: 'muted' }, d['changed'] === false ? 'No change needed.' : 'No diff.'),
        Array.isArray(d['verdicts']) && d['verdicts'].length
          ? table(['Rule', 'Verdict', 'Reason'], (d['verdicts'] as Record<string, unknown>[]).map((v) => [text(v['rule']), badge(v['status']), text(v['reason'])]))
          : null,
      ),
    ),
    excluded.length ? h('section', {}, h('h2', {}, 'Excluded'), table(['Device', 'Reason'], excluded.map((e) => [text(e['device_id']), text(e['reason'])]))) : null,
  ];
});
