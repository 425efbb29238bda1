import type { AuditEvent, PlanRepository, PlanSaveOptions } from '@routeros-mcp/application-ports';
import { ConcurrentModificationError } from '@routeros-mcp/application-ports';
import { Plan, rolloutPolicyOf } from '@routeros-mcp/domain-plans';
import { PlanLedger } from './plan-ledger';

const t0 = new Date('2026-11-23T10:00:00.000Z');

function newPlan(): Plan {
  return Plan.create(
    {
      id: 'plan-dns-0001', title: 'DNS', toolName: 'plan_dns_ntp', topic: 'dns_ntp', createdBy: 'bob', environment: 'lab', riskLevel: 'low', summary: 'set DNS',
      targets: ['r1', 'r2'].map((deviceId) => ({ deviceId, change: { dns: { servers: ['192.0.2.53'] } } })),
      rollout: rolloutPolicyOf({ canarySize: 1, batchSize: 1 }),
      excluded: [],
    },
    t0,
  );
}

/** A repository in memory that checks versions as the real ones do, and whose saves wait until released. */
class HeldRepository implements Pick<PlanRepository, 'get' | 'save'> {
  saves: { messages: string[]; audits: string[] }[] = [];
  private release: (() => void)[] = [];
  held = true;
  constructor(public stored: Plan) {}

  async get(): Promise<Plan> {
    return Plan.restore(this.stored.toProps());
  }

  async save(plan: Plan, options: PlanSaveOptions = {}): Promise<Plan> {
    if (this.held) await new Promise<void>((resolve) => this.release.push(resolve));
    if (plan.version !== this.stored.version) throw new ConcurrentModificationError('plan', plan.id);
    const audits = [options.audit ?? []].flat() as AuditEvent[];
    this.saves.push({ messages: plan.executionLog.map((e) => e.message), audits: audits.map((a) => a.id) });
    return (this.stored = plan.withVersion(plan.version + 1));
  }

  /** Lets the saves waiting now go on; answers once one is waiting (the first commit is being written). */
  async waiting(): Promise<void> {
    for (let i = 0; i < 1000 && this.release.length === 0; i++) await new Promise((r) => setImmediate(r));
    if (this.release.length === 0) throw new Error('no save is waiting');
  }

  releaseAll(): void {
    this.held = false;
    for (const r of this.release.splice(0)) r();
  }
}

const note = (message: string) => (p: Plan) => p.log({ at: t0, kind: 'note', message });
const auditOf = (id: string) => (): AuditEvent => ({ id, occurredAt: t0, principal: { id: 'runner', via: 'plan-runner' }, action: 'plan.note', outcome: 'success' });

describe('PlanLedger', () => {
  it('commits changes asked while a write is in flight together, in order, and answers each once it is stored', async () => {
    const repo = new HeldRepository(newPlan());
    const ledger = await PlanLedger.open(repo as unknown as PlanRepository, 'plan-dns-0001');
    const first = ledger.commit(note('a'), auditOf('e-a'));
    await repo.waiting();
    const rest = [ledger.commit(note('b'), auditOf('e-b')), ledger.commit(note('c')), ledger.commit(note('d'), auditOf('e-d'))];
    repo.releaseAll();
    const [a, b, c, d] = await Promise.all([first, ...rest]);
    expect(repo.saves).toEqual([
      { messages: ['a'], audits: ['e-a'] },
      { messages: ['a', 'b', 'c', 'd'], audits: ['e-b', 'e-d'] },
    ]);
    expect(a.version).toBe(1);
    expect([b, c, d].map((p) => p.version)).toEqual([2, 2, 2]);
    expect(ledger.plan.executionLog.map((e) => e.message)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('a change that throws is not committed and only its caller hears of it', async () => {
    const repo = new HeldRepository(newPlan());
    const ledger = await PlanLedger.open(repo as unknown as PlanRepository, 'plan-dns-0001');
    const first = ledger.commit(note('a'));
    await repo.waiting();
    const failing = ledger.commit((p) => {
      p.log({ at: t0, kind: 'note', message: 'half' });
      throw new Error('not now');
    });
    const after = ledger.commit(note('b'));
    repo.releaseAll();
    await first;
    await expect(failing).rejects.toThrow('not now');
    expect((await after).executionLog.map((e) => e.message)).toEqual(['a', 'b']);
  });

  it('applies its changes anew to the stored plan when someone else committed first', async () => {
    const repo = new HeldRepository(newPlan());
    repo.held = false;
    const ledger = await PlanLedger.open(repo as unknown as PlanRepository, 'plan-dns-0001');
    // A cancel asked through the plan service lands between the ledger's read and its write.
    const elsewhere = Plan.restore(repo.stored.toProps());
    elsewhere.log({ at: t0, kind: 'note', message: 'cancel asked' });
    repo.stored = elsewhere.withVersion(1);
    const saved = await ledger.commit(note('a'));
    expect(saved.executionLog.map((e) => e.message)).toEqual(['cancel asked', 'a']);
    expect(saved.version).toBe(2);
  });
});
