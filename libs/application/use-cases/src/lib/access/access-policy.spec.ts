import type { Principal } from '@routeros-mcp/application-ports';
import { Device, DeviceNotFoundError } from '@routeros-mcp/domain-devices';
import type { DeviceRegistry } from '../device-registry.service';
import { assertDeviceAdmitted, enrolledReachRefusal, planInReach, reachableDeviceIds, scopedRegistry, tierRefusal } from './access-policy';
import { AccessRefusedError } from './access-refused.error';
import { auditEventsInReach, changesInReach } from './reach-listings';

const lab = Device.create({ id: 'lab-1', name: 'lab one', host: '192.0.2.1', environment: 'lab', tags: { site: 'a' } }, new Date(0));
const prod = Device.create({ id: 'prod-1', name: 'prod one', host: '192.0.2.2', environment: 'prod', tags: { site: 'b' } }, new Date(0));
const devices = [lab, prod];
const registry = {
  get: async (id: string) => {
    const found = devices.find((d) => d.id === id);
    if (!found) throw new DeviceNotFoundError(id);
    return found;
  },
  list: async () => devices,
} as unknown as DeviceRegistry;
const reader = { device: (id: string) => registry.get(id) };

const local: Principal = { id: 'os:alice', via: 'stdio' };
const siteA: Principal = { id: 'token:site-a', via: 'http', roles: ['ops_rw'], deviceTags: ['site=a'] };

describe('access policy (application layer)', () => {
  it('refuses a device of another environment than the server serves, before reach, with the sentence every front end shows', async () => {
    await expect(assertDeviceAdmitted(reader, siteA, 'prod-1', 'lab')).rejects.toMatchObject({
      message: "device 'prod-1' is in prod; this server serves lab",
      facts: { kind: 'environment', deviceId: 'prod-1', deviceEnvironment: 'prod', serverEnvironment: 'lab' },
    });
    await expect(assertDeviceAdmitted(reader, siteA, 'lab-1', 'lab')).resolves.toBeUndefined();
  });

  it('refuses a device outside the principal reach, naming what led to it', async () => {
    await expect(assertDeviceAdmitted(reader, siteA, 'prod-1', 'prod')).rejects.toMatchObject({ message: "device 'prod-1' is outside what 'token:site-a' may touch (devices tagged site=a)", facts: { kind: 'reach', refusedBy: 'tags' } });
    expect((await enrolledReachRefusal(registry, siteA, 'prod-1', "plan 'plan-1'"))?.message).toBe("plan 'plan-1' touches device 'prod-1', which is outside what 'token:site-a' may touch (devices tagged site=a)");
    expect((await enrolledReachRefusal(registry, siteA, 'gone', "change 'c-1'"))?.facts).toEqual({ kind: 'reach', deviceId: 'gone', refusedBy: 'unknown_device', through: "change 'c-1'" });
    expect(await enrolledReachRefusal(registry, siteA, 'gone')).toBeUndefined();
  });

  it('opens tiers by role: a local caller everything, read_only only reads', () => {
    expect(tierRefusal(local, { name: 'plan_apply', tier: 'professional' })).toBeUndefined();
    expect(tierRefusal({ roles: ['read_only'] }, { name: 'dns_get_status', tier: 'fundamental' })).toBeUndefined();
    const refusal = tierRefusal({ roles: ['read_only'] }, { name: 'plan_apply', tier: 'professional' });
    expect(refusal).toBeInstanceOf(AccessRefusedError);
    expect(refusal?.message).toBe('plan_apply is a professional tool; your roles (read_only) do not include admin or approver');
    expect(refusal?.facts).toMatchObject({ kind: 'tier', requiredRole: 'admin', roles: ['read_only'] });
  });

  it('narrows registry, plans, changes and audit listings to the reach; an unnarrowed principal costs no lookup', async () => {
    expect((await scopedRegistry(registry, siteA).list({})).map((d) => d.id)).toEqual(['lab-1']);
    await expect(scopedRegistry(registry, siteA).get('prod-1')).rejects.toBeInstanceOf(AccessRefusedError);
    expect(scopedRegistry(registry, local)).toBe(registry);
    expect(await reachableDeviceIds(registry, local)).toBeUndefined();
    const reachable = await reachableDeviceIds(registry, siteA);
    expect(planInReach({ steps: [{ deviceId: 'lab-1' }], excluded: [{ deviceId: 'prod-1' }] }, reachable)).toBe(false);
    expect(planInReach({ steps: [{ deviceId: 'lab-1' }], excluded: [] }, reachable)).toBe(true);

    const history = { list: jest.fn().mockResolvedValue([{ deviceId: 'prod-1' }, { deviceId: 'lab-1' }, { deviceId: 'lab-1' }]) };
    expect(await changesInReach(history, registry, siteA, { limit: 1 })).toEqual([{ deviceId: 'lab-1' }]);
    expect(history.list).toHaveBeenLastCalledWith({ deviceId: undefined, status: undefined, limit: 500 });
    await changesInReach(history, registry, local, { limit: 7 });
    expect(history.list).toHaveBeenLastCalledWith({ deviceId: undefined, status: undefined, limit: 7 });

    const audit = { recent: jest.fn().mockResolvedValue([]) };
    await auditEventsInReach(audit, registry, siteA, { limit: 5 });
    expect(audit.recent).toHaveBeenLastCalledWith({ limit: 5, reach: { deviceIds: ['lab-1'], principalId: 'token:site-a' } });
    await auditEventsInReach(audit, registry, local, { limit: 5 });
    expect(audit.recent).toHaveBeenLastCalledWith({ limit: 5 });
  });
});
