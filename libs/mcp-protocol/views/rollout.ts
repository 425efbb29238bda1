import { badge, facts, h, meter, table, text } from './dom';
import { consoleLink, startView } from './view-app';

/** plan_status: a rollout's progress, each device's step and the latest log entries. */
startView('rollout', ({ structured: s, meta }, app) => {
  const progress = (s['progress'] ?? {}) as Record<string, unknown>;
  const done = Number(progress['done']) || 0;
  const total = Number(progress['total']) || 0;
  const devices = Array.isArray(s['devices']) ? (s['devices'] as Record<string, unknown>[]) : [];
  const log = Array.isArray(s['log']) ? (s['log'] as Record<string, unknown>[]) : [];
  return [
    h('header', {}, h('h1', {}, 'Rollout of ', text(s['plan_id'])), h('p', { class: 'sub' }, badge(s['status']), ` ${done}/${total} steps settled `, meter(total ? Math.round((done / total) * 100) : 0, 'progress'))),
    facts([
      ['Failure', s['failure_reason'] ? text(s['failure_reason']) : undefined],
      ['Next step', text(s['next_step'])],
    ]),
    consoleLink(app, meta['console_url'], 'Watch it in the operator console'),
    table(['Device', 'Batch', 'Step', 'Error'], devices.map((d) => [text(d['device_id']), String(Number(d['batch']) + 1), badge(d['status']), text(d['error'])])),
    log.length ? h('section', {}, h('h2', {}, 'Latest log entries'), table(['At', 'Event', 'Device', 'Status', 'By', 'Reason'], log.map((e) => [text(e['at']), text(e['event']), text(e['device_id']), e['status'] ? badge(e['status']) : '', text(e['by']), text(e['reason'])]))) : null,
  ];
});
