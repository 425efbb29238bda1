import { parseEventPayload } from './event-payload.schema';

describe('event payloads on the channel', () => {
  it('carries plan events as published', () => {
    const progress = { type: 'plan.progress', planId: 'plan-abcd', progress: 3, total: 20, message: 'batch 1/4: gw-3 applied and verified' };
    expect(parseEventPayload(JSON.stringify(progress))).toEqual(progress);
    expect(parseEventPayload(JSON.stringify({ type: 'plan.changed', planId: 'plan-abcd', status: 'executing' }))).toEqual({ type: 'plan.changed', planId: 'plan-abcd', status: 'executing' });
  });

  it('carries a request cancellation by its key alone', () => {
    const cancelled = { type: 'request.cancelled', key: 'a'.repeat(64) };
    expect(parseEventPayload(JSON.stringify(cancelled))).toEqual(cancelled);
    // Never a principal or a request id in the clear: a key is a hash, nothing else is taken.
    expect(parseEventPayload(JSON.stringify({ type: 'request.cancelled', key: 'token:ops#42' }))).toBeUndefined();
    expect(parseEventPayload(JSON.stringify({ ...cancelled, principal: 'token:ops' }))).toBeUndefined();
  });

  it('drops what is not exactly one of ours: unknown fields, bad counts, other types, non-JSON', () => {
    expect(parseEventPayload(JSON.stringify({ type: 'plan.changed', planId: 'plan-abcd', status: 'executing', approval: 'x' }))).toBeUndefined();
    expect(parseEventPayload(JSON.stringify({ type: 'plan.progress', planId: 'plan-abcd', progress: -1, total: 2, message: '' }))).toBeUndefined();
    expect(parseEventPayload(JSON.stringify({ type: 'plan.approved', planId: 'plan-abcd' }))).toBeUndefined();
    expect(parseEventPayload('{not json')).toBeUndefined();
  });
});
