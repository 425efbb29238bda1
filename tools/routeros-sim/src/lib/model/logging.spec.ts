import { refusal, seededDevice } from '../testing/seeded-device.fixture';
import { renderExport } from '../ssh/export';

const device = () => seededDevice('home', '7.15.3');

describe('/system/logging/action and /system/logging (System Logging manual)', () => {
  it('every device has the memory, disk, echo and remote actions with their targets’ defaults, built in', () => {
    const s = device();
    expect(s.list('system/logging/action').map((a) => [a['name'], a['target']])).toEqual([['memory', 'memory'], ['disk', 'disk'], ['echo', 'echo'], ['remote', 'remote']]);
    expect(s.get('system/logging/action', 'remote')).toMatchObject({ remote: '0.0.0.0', 'remote-port': '514', 'syslog-facility': 'daemon', default: 'true' });
    expect(refusal(() => s.remove('system/logging/action', 'disk'))).toBe('cannot remove builtin object');
    expect(renderExport(s)).not.toContain('/system logging action');
  });

  it('a new action gets its target’s arguments; values are checked', () => {
    const s = device();
    expect(refusal(() => s.add('system/logging/action', { name: 'x' }))).toBe('missing value for target');
    expect(refusal(() => s.add('system/logging/action', { name: 'x', target: 'printer' }))).toBe('input does not match any value of target');
    expect(refusal(() => s.add('system/logging/action', { name: 'x', target: 'remote', remote: 'syslog.lan' }))).toBe('invalid value for argument remote');
    expect(refusal(() => s.add('system/logging/action', { name: 'x', target: 'remote', 'remote-port': '70000' }))).toBe('value of remote-port out of range (0..65535)');
    expect(refusal(() => s.add('system/logging/action', { name: 'x', target: 'disk', 'disk-file-count': '0' }))).toBe('value of disk-file-count out of range (1..65535)');
    expect(s.add('system/logging/action', { name: 'siem', target: 'remote', remote: '10.0.0.5' })).toMatchObject({ remote: '10.0.0.5', 'remote-port': '514', 'syslog-severity': 'auto', default: 'false' });
    expect(s.add('system/logging/action', { name: 'flash', target: 'disk', 'disk-file-name': 'flash/log' })).toMatchObject({ 'disk-file-count': '2', 'disk-lines-per-file': '1000' });
  });

  it('rules name an existing action, follow its renames, and keep it from being removed', () => {
    const s = device();
    s.add('system/logging/action', { name: 'siem', target: 'remote', remote: '10.0.0.5' });
    expect(refusal(() => s.add('system/logging', { topics: 'firewall', action: 'nope' }))).toBe('input does not match any value of action');
    s.add('system/logging', { topics: 'firewall', action: 'siem' });
    s.update('system/logging/action', 'siem', { name: 'soc' });
    expect(s.list('system/logging').find((r) => r['topics'] === 'firewall')!['action']).toBe('soc');
    expect(refusal(() => s.remove('system/logging/action', 'soc'))).toBe('failure: action is in use');
    expect(renderExport(s)).toMatch(/\/system logging action\r\nadd name=soc remote=10.0.0.5 target=remote\r\n/);
  });
});
