import { UnauthenticatedAudit, UnauthenticatedRecord } from './unauthenticated-audit';

const refusal = { reason: 'invalid' as const, description: 'unknown API token', clientAddress: '192.0.2.7' };

describe('UnauthenticatedAudit', () => {
  it('records each refusal up to the bound, then counts the rest into the next record and the last one at shutdown', async () => {
    let now = 0;
    const written: UnauthenticatedRecord[] = [];
    const audit = new UnauthenticatedAudit(async (record) => void written.push(record), 3, () => now);
    const ids = [];
    for (let i = 0; i < 5; i++) ids.push(await audit.record(refusal));
    expect(ids.map((id) => typeof id)).toEqual(['string', 'string', 'string', 'undefined', 'undefined']);
    expect(written.map((r) => r.arguments)).toEqual([
      { reason: 'invalid', description: 'unknown API token', client_address: '192.0.2.7' },
      { reason: 'invalid', description: 'unknown API token', client_address: '192.0.2.7' },
      { reason: 'invalid', description: 'unknown API token', client_address: '192.0.2.7' },
    ]);
    // One more every 60/3 = 20 s: the next record says how many went unrecorded before it.
    now = 19_999;
    expect(await audit.record(refusal)).toBeUndefined();
    now = 20_000;
    expect(await audit.record(refusal)).toEqual(expect.any(String));
    expect(written[3].arguments).toMatchObject({ reason: 'invalid', unrecorded_before: 3 });
    expect(await audit.record(refusal)).toBeUndefined();
    await audit.flush();
    expect(written[4].arguments).toEqual({ reason: 'summary', unrecorded_before: 1 });
    await audit.flush();
    expect(written).toHaveLength(5);
    expect(new Set(written.map((r) => r.correlationId)).size).toBe(5);
  });

  it('refills no further than the bound after a quiet hour', async () => {
    let now = 0;
    const written: UnauthenticatedRecord[] = [];
    const audit = new UnauthenticatedAudit(async (record) => void written.push(record), 2, () => now);
    now = 3_600_000;
    for (let i = 0; i < 4; i++) await audit.record(refusal);
    expect(written).toHaveLength(2);
  });
});
