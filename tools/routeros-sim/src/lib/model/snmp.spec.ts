import { refusal, seededDevice } from '../testing/seeded-device.fixture';
import { renderExport } from '../ssh/export';

const device = () => seededDevice('home', '7.20.5');

describe('/snmp and /snmp/community (SNMP manual)', () => {
  it('a fresh device has SNMP off and the built-in public community, unexported', () => {
    const s = device();
    expect(s.singleton('snmp')).toMatchObject({ enabled: 'false', 'trap-community': 'public', 'trap-version': '1', 'engine-id': '80003a8c04' });
    expect(s.list('snmp/community')).toEqual([expect.objectContaining({ name: 'public', addresses: '::/0', security: 'none', 'read-access': 'true', 'write-access': 'false', default: 'true' })]);
    expect(refusal(() => s.remove('snmp/community', 'public'))).toBe('cannot remove builtin object');
    expect(renderExport(s)).not.toMatch(/\/snmp/);
  });

  it('security levels need their passwords; names, protocols and addresses are checked; passwords stay out of exports', () => {
    const s = device();
    expect(refusal(() => s.add('snmp/community', { name: 'nms', security: 'secret' }))).toBe('input does not match any value of security');
    expect(refusal(() => s.add('snmp/community', { name: 'nms', security: 'authorized' }))).toBe('failure: security authorized needs authentication-password');
    expect(refusal(() => s.add('snmp/community', { name: 'nms', security: 'private', 'authentication-password': 'authpass1' }))).toBe('failure: security private needs encryption-password');
    expect(refusal(() => s.add('snmp/community', { name: 'nms', 'authentication-protocol': 'SHA3' }))).toBe('input does not match any value of authentication-protocol');
    expect(refusal(() => s.add('snmp/community', { name: 'nms', addresses: '10.0.0.300/24' }))).toBe('invalid value for argument addresses');
    s.add('snmp/community', { name: 'nms', security: 'private', 'authentication-protocol': 'SHA1', 'authentication-password': 'authpass1', 'encryption-protocol': 'AES', 'encryption-password': 'privpass1', addresses: '10.0.0.0/24' });
    expect(refusal(() => s.add('snmp/community', { name: 'nms' }))).toBe('failure: already have such name');
    const exported = renderExport(s, { terse: true });
    expect(exported).toContain('/snmp community add addresses=10.0.0.0/24 authentication-protocol=SHA1 encryption-protocol=AES name=nms security=private\r\n');
    expect(exported).not.toContain('authpass1');
  });

  it('trap-community names an existing community, follows its renames and keeps it from removal', () => {
    const s = device();
    s.add('snmp/community', { name: 'traps' });
    expect(refusal(() => s.setSingleton('snmp', { 'trap-community': 'nope' }))).toBe('input does not match any value of trap-community');
    expect(refusal(() => s.setSingleton('snmp', { 'trap-version': '4' }))).toBe('input does not match any value of trap-version');
    s.setSingleton('snmp', { enabled: 'yes', 'trap-community': 'traps', 'trap-version': '2', contact: 'noc@example.net' });
    s.update('snmp/community', 'traps', { name: 'trapz' });
    expect(s.singleton('snmp')['trap-community']).toBe('trapz');
    expect(refusal(() => s.remove('snmp/community', 'trapz'))).toBe('failure: community is in use');
    expect(renderExport(s)).toMatch(/\/snmp\r\nset contact=noc@example.net enabled=yes trap-community=trapz trap-version=2\r\n/);
  });
});
