import { createHmac } from 'node:crypto';
import {
  approvalPayload,
  NewPlanInput,
  Plan,
  PlanApprovalExpiredError,
  PlanApprovalInvalidError,
  PlanApprovalUsedError,
  PlanApproverNotEntitledError,
  PlanNotApprovedError,
  PlanSelfApprovalError,
  planContentHash,
  rolloutPolicyOf,
  StoredApprovalGrant,
  verifyApproval,
} from '../../index';
import { canonicalJson as canonicalJsonOf } from '@routeros-mcp/domain-kernel';

const t0 = new Date('2026-11-23T10:00:00Z');
const at = (minutes: number) => new Date(t0.getTime() + minutes * 60_000);
const key = Buffer.alloc(32, 7);
const sign = (payload: string) => createHmac('sha256', key).update(payload).digest('base64url');
const verifySignature = (payload: string, signature: string) => sign(payload) === signature;

function plan(patch: Partial<NewPlanInput> = {}): Plan {
  return Plan.create(
    { id: 'plan-dns-0001', title: 'DNS', toolName: 'plan_dns_ntp', topic: 'dns_ntp', createdBy: 'bob', environment: 'lab', riskLevel: 'low', summary: 's',
      targets: ['r1', 'r2'].map((deviceId) => ({ deviceId, change: { dns: { servers: ['192.0.2.53'] } } })), rollout: rolloutPolicyOf({ canarySize: 1, batchSize: 1 }), ...patch },
    t0,
  );
}

function grantFor(p: Plan, patch: Partial<StoredApprovalGrant> = {}): StoredApprovalGrant {
  const grant = { planId: p.id, contentHash: p.contentHash, approver: 'os:alice', basis: 'admin-cli' as const, approvedAt: at(1), expiresAt: at(60), nonce: 'n-1', ...patch };
  return { ...grant, signature: sign(approvalPayload(grant)), ...patch };
}

const failure = (fn: () => void) => { try { fn(); } catch (e) { return e; } return undefined; };

describe('verifyApproval', () => {
  it('accepts a signed, current, unused approval', () => {
    const p = plan();
    expect(() => verifyApproval({ plan: p, grant: grantFor(p), now: at(2), verifySignature })).not.toThrow();
  });

  it('refuses each failure with its own error, naming the admin command where a new approval helps', () => {
    const p = plan();
    const none = failure(() => verifyApproval({ plan: p, grant: undefined, now: at(2), verifySignature })) as PlanNotApprovedError;
    expect(none).toBeInstanceOf(PlanNotApprovedError);
    expect(none.details()['next_step']).toBe('routeros-mcp-admin plan approve plan-dns-0001');
    const forged = { ...grantFor(p), signature: sign('something else') };
    expect(failure(() => verifyApproval({ plan: p, grant: forged, now: at(2), verifySignature }))).toMatchObject({ code: 'PLAN.APPROVAL_INVALID', reason: 'signature' });
    const widened = { ...grantFor(p), expiresAt: at(10_000) };
    expect(failure(() => verifyApproval({ plan: p, grant: widened, now: at(2), verifySignature }))).toMatchObject({ reason: 'signature' });
    const other = plan({ id: 'plan-dns-0002' });
    expect(failure(() => verifyApproval({ plan: p, grant: grantFor(other), now: at(2), verifySignature }))).toMatchObject({ code: 'PLAN.APPROVAL_INVALID', reason: 'other_plan' });
    expect(failure(() => verifyApproval({ plan: p, grant: grantFor(p), now: at(60), verifySignature }))).toBeInstanceOf(PlanApprovalExpiredError);
    expect(failure(() => verifyApproval({ plan: p, grant: grantFor(p, { usedAt: at(3) }), now: at(4), verifySignature }))).toBeInstanceOf(PlanApprovalUsedError);
    const prod = plan({ environment: 'prod' });
    expect(failure(() => verifyApproval({ plan: prod, grant: grantFor(prod, { approver: 'bob' }), now: at(2), verifySignature }))).toBeInstanceOf(PlanSelfApprovalError);
    const basis = grantFor(p, { basis: 'stdio' as never });
    expect(failure(() => verifyApproval({ plan: p, grant: basis, now: at(2), verifySignature }))).toBeInstanceOf(PlanApproverNotEntitledError);
  });

  it('on prod, compares author and approver as namespaced principals; an author id from before namespaces is every principal of that name', () => {
    const byOsRoot = plan({ environment: 'prod', createdBy: 'os:root' });
    expect(failure(() => verifyApproval({ plan: byOsRoot, grant: grantFor(byOsRoot, { approver: 'os:root' }), now: at(2), verifySignature }))).toBeInstanceOf(PlanSelfApprovalError);
    expect(failure(() => verifyApproval({ plan: byOsRoot, grant: grantFor(byOsRoot, { approver: 'as:root' }), now: at(2), verifySignature }))).toBeInstanceOf(PlanSelfApprovalError);
    expect(() => verifyApproval({ plan: byOsRoot, grant: grantFor(byOsRoot, { approver: 'as:carol' }), now: at(2), verifySignature })).not.toThrow();
    expect(() => verifyApproval({ plan: byOsRoot, grant: grantFor(byOsRoot, { approver: 'token:root' }), now: at(2), verifySignature })).not.toThrow();
    // A stdio plan made as `root` before principals were namespaced, approved at the CLI as `os:root`: the same person.
    const legacy = plan({ environment: 'prod', createdBy: 'root' });
    const refused = failure(() => verifyApproval({ plan: legacy, grant: grantFor(legacy, { approver: 'os:root' }), now: at(2), verifySignature }));
    expect(refused).toBeInstanceOf(PlanSelfApprovalError);
    expect((refused as Error).message).toBe("plan 'plan-dns-0001' targets prod and was created by 'root', the same person as 'os:root', who cannot also approve it");
    expect(() => verifyApproval({ plan: legacy, grant: grantFor(legacy, { approver: 'os:alice' }), now: at(2), verifySignature })).not.toThrow();
  });

  it('binds the approval to the content: a step change edited after approval is refused', () => {
    const p = plan();
    const grant = grantFor(p);
    const props = p.toProps();
    props.steps[1].change = { dns: { servers: ['203.0.113.66'] } };
    const tampered = Plan.restore(props);
    expect(failure(() => verifyApproval({ plan: tampered, grant, now: at(2), verifySignature }))).toBeInstanceOf(PlanApprovalInvalidError);
    expect(failure(() => verifyApproval({ plan: tampered, grant, now: at(2), verifySignature }))).toMatchObject({ reason: 'content_changed' });
    // Also when the recorded hash is rewritten to match: the grant's signed hash still differs.
    const rehashed = Plan.restore({ ...props, contentHash: tampered.currentContentHash() });
    expect(failure(() => verifyApproval({ plan: rehashed, grant, now: at(2), verifySignature }))).toMatchObject({ reason: 'content_changed' });
  });
});

describe('content hash', () => {
  it('is the SHA-256 of the canonical content, independent of key order, and changes with any part of it', () => {
    const p = plan();
    expect(p.contentHash).toMatch(/^[0-9a-f]{64}$/);
    expect(p.currentContentHash()).toBe(p.contentHash);
    const content = { id: p.id, topic: p.topic, targets: p.steps, rollout: p.rollout, expiresAt: p.expiresAt };
    expect(planContentHash({ ...content, rollout: { ...p.rollout, haltPolicy: 'continue' } })).not.toBe(p.contentHash);
    expect(planContentHash({ ...content, expiresAt: at(1) })).not.toBe(p.contentHash);
    expect(canonicalJsonOf({ b: 1, a: [2, { d: 1, c: 2 }] })).toBe('{"a":[2,{"c":2,"d":1}],"b":1}');
  });
});

describe('rollout policy', () => {
  it('fills defaults and reports every bad field', () => {
    expect(rolloutPolicyOf()).toEqual({ canarySize: 1, batchSize: 5, pauseSeconds: 30, health: { maxCpuPercent: 90, maxMemoryPercent: 90 }, haltPolicy: 'halt_and_rollback' });
    expect(rolloutPolicyOf({ health: { maxCpuPercent: 50 } }).health).toEqual({ maxCpuPercent: 50, maxMemoryPercent: 90 });
    const error = failure(() => rolloutPolicyOf({ batchSize: 0, pauseSeconds: -1, haltPolicy: 'stop' as never })) as { errors: { field: string }[] };
    expect(error.errors.map((e) => e.field)).toEqual(['rollout.batch_size', 'rollout.pause_seconds', 'rollout.halt_policy']);
  });
});
