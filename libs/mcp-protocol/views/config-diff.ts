import { diffBlock, h, text } from './dom';
import { startView } from './view-app';

/** config_diff: a device's configuration between two snapshots (or one and the live export), coloured like git diff. */
startView('config-diff', ({ structured: d }) => {
  const diff = text(d['diff']);
  return [
    h('header', {}, h('h1', {}, 'Config diff of ', text(d['device_id'])), h('p', { class: 'sub' }, h('code', {}, text(d['from'])), ' → ', h('code', {}, text(d['to'])), ' ', h('span', { class: 'add' }, `+${text(d['added'])}`), ' ', h('span', { class: 'del' }, `−${text(d['removed'])}`))),
    diff ? diffBlock(diff.split('\n')) : h('p', { class: 'muted' }, 'No differences.'),
  ];
});
