import { refusal, seededDevice } from '../testing/seeded-device.fixture';
import { renderExport } from '../ssh/export';

const device = () => seededDevice('edge', '7.20.5');

describe('/ip/ipsec configuration (IPsec manual)', () => {
  it('a fresh device has profile, proposal and group default and the default template policy, unexported', () => {
    const s = device();
    expect(s.get('ip/ipsec/profile', 'default')).toMatchObject({ 'dh-group': 'modp2048,modp1024', 'enc-algorithm': 'aes-128,3des', 'hash-algorithm': 'sha1', lifetime: '1d', 'nat-traversal': 'true' });
    expect(s.get('ip/ipsec/proposal', 'default')).toMatchObject({ 'auth-algorithms': 'sha1', 'pfs-group': 'modp1024', lifetime: '30m' });
    expect(s.list('ip/ipsec/policy/group').map((g) => g['name'])).toEqual(['default']);
    expect(s.list('ip/ipsec/policy')).toEqual([expect.objectContaining({ template: 'true', group: 'default', proposal: 'default', default: 'true' })]);
    expect(refusal(() => s.remove('ip/ipsec/proposal', 'default'))).toBe('cannot remove builtin object');
    expect(renderExport(s)).not.toContain('/ip ipsec');
  });

  it('peer → profile, identity → peer, policy → peer/proposal/group: by existing name, following renames, kept from removal', () => {
    const s = device();
    expect(refusal(() => s.add('ip/ipsec/peer', { name: 'hq', address: '203.0.113.1/32', profile: 'nope' }))).toBe('input does not match any value of profile');
    expect(refusal(() => s.add('ip/ipsec/peer', { name: 'hq', 'exchange-mode': 'fast' }))).toBe('input does not match any value of exchange-mode');
    s.add('ip/ipsec/profile', { name: 'strong', 'dh-group': 'ecp256', 'hash-algorithm': 'sha256' });
    expect(s.add('ip/ipsec/peer', { name: 'hq', address: '203.0.113.1/32', profile: 'strong', 'exchange-mode': 'ike2' })).toMatchObject({ passive: 'false', 'send-initial-contact': 'true' });
    expect(refusal(() => s.add('ip/ipsec/identity', { secret: 'x' }))).toBe('missing value for peer');
    expect(refusal(() => s.add('ip/ipsec/identity', { peer: 'hq', 'auth-method': 'magic' }))).toBe('input does not match any value of auth-method');
    expect(refusal(() => s.add('ip/ipsec/identity', { peer: 'hq', 'auth-method': 'digital-signature', certificate: 'nope' }))).toBe('input does not match any value of certificate');
    s.add('ip/ipsec/identity', { peer: 'hq', secret: 'hunter22' });
    s.add('ip/ipsec/proposal', { name: 'gcm', 'enc-algorithms': 'aes-256-gcm', 'pfs-group': 'ecp256' });
    expect(refusal(() => s.add('ip/ipsec/policy', { peer: 'hq', proposal: 'missing' }))).toBe('input does not match any value of proposal');
    s.add('ip/ipsec/policy', { peer: 'hq', proposal: 'gcm', tunnel: 'yes', 'src-address': '10.1.0.0/16', 'dst-address': '10.2.0.0/16' });
    s.update('ip/ipsec/peer', 'hq', { name: 'head-office' });
    s.update('ip/ipsec/profile', 'strong', { name: 'strong2' });
    expect(s.list('ip/ipsec/identity')[0]['peer']).toBe('head-office');
    expect(s.list('ip/ipsec/policy')[1]).toMatchObject({ peer: 'head-office', proposal: 'gcm', active: 'false', 'ph2-state': 'no-phase2' });
    expect(s.get('ip/ipsec/peer', 'head-office')['profile']).toBe('strong2');
    expect(refusal(() => s.remove('ip/ipsec/peer', 'head-office'))).toBe('failure: peer is in use');
    expect(refusal(() => s.remove('ip/ipsec/profile', 'strong2'))).toBe('failure: profile is in use');
    expect(refusal(() => s.remove('ip/ipsec/proposal', 'gcm'))).toBe('failure: proposal is in use');
    const exported = renderExport(s);
    expect(exported).toContain('/ip ipsec identity\r\nadd peer=head-office\r\n');
    expect(exported).not.toContain('hunter22');
  });
});
