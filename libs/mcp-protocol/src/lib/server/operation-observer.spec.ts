import type { Transport } from '@modelcontextprotocol/server';
import { observeOperations, type ObservedOperation, type OperationOutcome } from './operation-observer';

/** A transport that records what is sent; `deliver` plays a message arriving. */
function fakeTransport() {
  const sent: unknown[] = [];
  const transport = { start: async () => undefined, close: async () => undefined, send: async (message: unknown) => void sent.push(message) } as unknown as Transport;
  return { transport, sent, deliver: (message: unknown, extra?: unknown) => transport.onmessage!(message as never, extra as never) };
}

function recorder() {
  const events: { operation: ObservedOperation; outcomes: OperationOutcome[]; insideRun: boolean[] }[] = [];
  let depth = 0;
  const observer = {
    started(operation: ObservedOperation) {
      const entry = { operation, outcomes: [] as OperationOutcome[], insideRun: [] as boolean[] };
      events.push(entry);
      return { run: <T>(dispatch: () => T) => { depth++; try { return dispatch(); } finally { depth--; } }, ended: (outcome: OperationOutcome) => void entry.outcomes.push(outcome) };
    },
  };
  return { events, observer, inside: () => depth > 0 };
}

describe('observeOperations', () => {
  it('chains the handler a server installs (which chains the one it replaced) without looping, dispatching inside the scope', () => {
    const { transport, deliver } = fakeTransport();
    const { events, observer, inside } = recorder();
    observeOperations(transport, observer, { era: 'modern', networkTransport: 'tcp' });
    const seen: string[] = [];
    // As the SDK's Protocol.connect does: keep the previous handler and call it before its own dispatch.
    const previous = transport.onmessage;
    transport.onmessage = (message, extra) => {
      previous?.(message, extra);
      seen.push(`${(message as { method: string }).method} inside=${inside()}`);
    };
    deliver({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'device_list', arguments: { secret: 'x' }, _meta: { traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01', 'io.modelcontextprotocol/protocolVersion': '2026-07-28' } } });
    expect(seen).toEqual(['tools/call inside=true']);
    expect(events).toHaveLength(1);
    expect(events[0].operation).toEqual({ method: 'tools/call', requestId: 7, toolName: 'device_list', era: 'modern', protocolVersion: '2026-07-28', networkTransport: 'tcp', metaCarrier: { traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01' } });
  });

  it('ends a request with its answer (result, isError or JSON-RPC error), a notification at once, and an unanswered one on close', async () => {
    const { transport, deliver } = fakeTransport();
    const { events, observer } = recorder();
    observeOperations(transport, observer, { era: 'legacy', networkTransport: 'tcp' });
    let closed = 0;
    const previousClose = transport.onclose;
    transport.onclose = () => (previousClose?.(), closed++);
    transport.onmessage = () => undefined;
    for (const id of [1, 2, 3, 4]) deliver({ jsonrpc: '2.0', id, method: 'resources/read', params: { uri: 'fleet://devices' } });
    deliver({ jsonrpc: '2.0', method: 'notifications/initialized' });
    await transport.send({ jsonrpc: '2.0', id: 1, result: { contents: [] } });
    await transport.send({ jsonrpc: '2.0', id: 2, result: { isError: true, content: [] } });
    await transport.send({ jsonrpc: '2.0', id: 3, error: { code: -32002, message: 'Resource fleet://x not found', data: { mcp_error_code: 'NOT_FOUND' } } });
    transport.onclose!();
    expect(events.map((e) => [e.operation.method, e.operation.resourceUri, e.outcomes])).toEqual([
      ['resources/read', 'fleet://devices', [{ kind: 'result', isError: false }]],
      ['resources/read', 'fleet://devices', [{ kind: 'result', isError: true }]],
      ['resources/read', 'fleet://devices', [{ kind: 'error', code: -32002, message: 'Resource fleet://x not found', mcpErrorCode: 'NOT_FOUND' }]],
      ['resources/read', 'fleet://devices', [{ kind: 'abandoned' }]],
      ['notifications/initialized', undefined, [{ kind: 'notification' }]],
    ]);
    expect(closed).toBe(1);
  });

  it('takes the revision and the trace context from the HTTP request when the message names none', () => {
    const { transport, deliver } = fakeTransport();
    const { events, observer } = recorder();
    observeOperations(transport, observer, { era: 'legacy', networkTransport: 'tcp' });
    transport.onmessage = () => undefined;
    const request = new Request('http://127.0.0.1/mcp', { method: 'POST', headers: { 'mcp-protocol-version': '2025-11-25', traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01' } });
    deliver({ jsonrpc: '2.0', id: 'a', method: 'tools/list' }, { request });
    expect(events[0].operation).toMatchObject({ requestId: 'a', protocolVersion: '2025-11-25', headerCarrier: { traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01' }, metaCarrier: {} });
  });
});
