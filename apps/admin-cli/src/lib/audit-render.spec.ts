import type { AuditEvent } from '@routeros-mcp/composition';
import { auditEventJson, auditTable } from './audit-render';

const principal = { id: 'os:alice', via: 'stdio' };
const at = (s: number) => new Date(Date.UTC(2026, 10, 23, 10, 0, s));

describe('audit rendering', () => {
  it('shows a started record as not settled and an interrupted one with its note, in a NOTE column only then', () => {
    const settled: AuditEvent = { id: 'a0', occurredAt: at(0), principal, action: 'tool.dns_set_servers', outcome: 'success' };
    expect(auditTable([settled]).split('\n')[0]).toMatch(/^TIME\s+ACTION\s+OUTCOME\s+PRINCIPAL\s+DEVICE\s+PLAN\s+ERROR$/);

    const started: AuditEvent = { id: 'a2', occurredAt: at(2), principal, action: 'tool.system_set_identity', deviceId: 'r1', outcome: 'started', leaseUntil: at(32) };
    const interrupted: AuditEvent = { id: 'a1', occurredAt: at(1), principal, action: 'tool.system_set_identity', deviceId: 'r1', outcome: 'interrupted', errorCode: 'CALL.INTERRUPTED', note: 'the process ended before the call finished; change c1 reverted' };
    const lines = auditTable([started, interrupted, settled]).split('\n');
    expect(lines[0]).toMatch(/^TIME\s+ACTION\s+OUTCOME\s+PRINCIPAL\s+DEVICE\s+PLAN\s+ERROR\s+NOTE$/);
    expect(lines[1]).toMatch(/success\s+os:alice \(stdio\)$/);
    expect(lines[2]).toMatch(/interrupted\s+os:alice \(stdio\)\s+r1\s+CALL\.INTERRUPTED\s+the process ended before the call finished; change c1 reverted$/);
    expect(lines[3]).toMatch(/started\s+os:alice \(stdio\)\s+r1\s+not settled yet: its call is running, or its process ended and recovery settles it after 2026-11-23T10:00:32\.000Z$/);
    expect(auditEventJson(interrupted)).toMatchObject({ outcome: 'interrupted', error_code: 'CALL.INTERRUPTED', note: interrupted.note, lease_until: null });
    expect(auditEventJson(started)).toMatchObject({ outcome: 'started', lease_until: '2026-11-23T10:00:32.000Z', note: expect.stringMatching(/^not settled yet/) });
  });
});
