import { badge, h, meter, table, text } from './dom';
import { startView } from './view-app';

/** fleet_get_health_summary: every device of the environment, reachable or not, CPU and memory. */
startView('fleet-health', ({ structured: f }) => {
  const devices = Array.isArray(f['devices']) ? (f['devices'] as Record<string, unknown>[]) : [];
  return [
    h('header', {}, h('h1', {}, 'Fleet health: ', text(f['environment'])), h('p', { class: 'sub' }, `${text(f['reachable'])} of ${text(f['total'])} reachable`, Number(f['unreachable']) ? [', ', badge('unreachable'), ` ${text(f['unreachable'])}`] : '')),
    table(
      ['Device', 'State', 'CPU', 'Memory', 'Uptime', 'Version', 'Error'],
      devices.map((d) => [text(d['device_id']), badge(d['reachable'] ? 'reachable' : 'unreachable'), meter(d['cpu_load_percent'] as number | null, 'CPU load'), meter(d['memory_used_percent'] as number | null, 'memory used'), text(d['uptime']), text(d['version']), text(d['error'])]),
    ),
  ];
});
