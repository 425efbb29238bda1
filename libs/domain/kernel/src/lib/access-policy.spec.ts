import { deviceRefusal, mayUseTier, rolesOpening, tiersOf } from './access-policy';

describe('access policy', () => {
  it('opens tiers by role, everything for a local caller, nothing for unknown roles', () => {
    expect(tiersOf({})).toEqual(['fundamental', 'advanced', 'professional']);
    expect(tiersOf({ roles: ['read_only'] })).toEqual(['fundamental']);
    expect(tiersOf({ roles: ['read_only', 'ops_rw'] })).toEqual(['fundamental', 'advanced']);
    expect(tiersOf({ roles: ['approver'] })).toEqual(['fundamental', 'professional']);
    expect(tiersOf({ roles: ['superuser'] })).toEqual([]);
    expect(mayUseTier({ roles: ['read_only'] }, 'advanced')).toBe(false);
    expect(mayUseTier({ roles: ['admin'] }, 'professional')).toBe(true);
  });

  it('names every role that opens a tier: plans open to approver as much as to admin', () => {
    expect(rolesOpening('fundamental')).toEqual(['read_only', 'ops_rw', 'admin', 'approver']);
    expect(rolesOpening('advanced')).toEqual(['ops_rw', 'admin']);
    expect(rolesOpening('professional')).toEqual(['admin', 'approver']);
  });

  it('narrows devices by environment and tags', () => {
    const device = { environment: 'prod' as const, tags: { role: 'core', site: 'a' } };
    expect(deviceRefusal({ roles: ['admin'] }, device)).toBeUndefined();
    expect(deviceRefusal({ environments: ['lab'] }, device)).toBe('environment');
    expect(deviceRefusal({ environments: ['prod'], deviceTags: ['role=edge'] }, device)).toBe('tags');
    expect(deviceRefusal({ deviceTags: ['site=a'] }, device)).toBeUndefined();
    expect(deviceRefusal({ deviceTags: [] }, device)).toBe('tags');
  });
});
