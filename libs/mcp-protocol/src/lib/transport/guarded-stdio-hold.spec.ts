import type { JSONRPCMessage } from '@modelcontextprotocol/server';
import { PassThrough } from 'node:stream';
import { GuardedStdioTransport } from './guarded-stdio-transport';

const line = (message: object) => `${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`;
const META = { _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientInfo': { name: 'spec', version: '1' }, 'io.modelcontextprotocol/clientCapabilities': {} } };
const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('GuardedStdioTransport.holdUntil', () => {
  it('hands over the opening messages at once and the rest, in order, once ready', async () => {
    const input = new PassThrough();
    const output = new PassThrough();
    const written: string[] = [];
    output.on('data', (chunk: Buffer) => written.push(chunk.toString()));
    const transport = new GuardedStdioTransport(input, output);
    const seen: string[] = [];
    transport.onmessage = (message: JSONRPCMessage) => void seen.push((message as { method: string }).method);
    let held = 0;
    transport.onHeld = () => held++;
    let ready!: () => void;
    transport.holdUntil(new Promise<void>((resolve) => (ready = resolve)));
    await transport.start();
    input.write(line({ id: 1, method: 'server/discover', params: META }));
    input.write('{"jsonrpc":"2.0","id":1.5,"method":"ping"}\n'); // the guards refuse it at once: no need to wait
    input.write(line({ id: 2, method: 'tools/list', params: META }));
    input.write(line({ id: 3, method: 'ping', params: META }));
    input.write(line({ method: 'notifications/cancelled', params: { requestId: 2, ...META } }));
    await tick();
    expect(seen).toEqual(['server/discover']);
    expect(written.join('')).toContain('-32600'); // the refusal of id 1.5
    expect(held).toBe(1);
    expect(transport.pending).toBe(4); // discover is awaiting its answer; three lines wait
    ready();
    await tick();
    expect(seen).toEqual(['server/discover', 'tools/list', 'ping', 'notifications/cancelled']);
    expect(held).toBe(1);
    await transport.close();
  });
});
