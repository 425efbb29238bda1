import { tierRefusal } from './access-guard';

describe('a tier refusal', () => {
  it('reads as English: "an advanced tool", "a professional tool"', () => {
    const reader = { id: 'token:r', via: 'http', roles: ['read_only'] };
    expect(tierRefusal(reader, { name: 'dns_set_servers', tier: 'advanced' })?.message).toMatch(/dns_set_servers is an advanced tool; your roles \(read_only\)/);
    expect(tierRefusal(reader, { name: 'plan_apply', tier: 'professional' })?.message).toMatch(/plan_apply is a professional tool;/);
    expect(tierRefusal(reader, { name: 'device_list', tier: 'fundamental' })).toBeUndefined();
  });
});
