import { createServer, Server } from 'node:http';
import { connect } from 'node:net';
import { writeWebResponse } from './web-bridge';

// A reader that stops reading is disconnected once its unsent data passes the bound, not buffered without end.
describe('writeWebResponse backpressure (real sockets)', () => {
  let server: Server;
  afterEach(() => new Promise((done) => server?.close(done)));

  it('disconnects a client that does not read, once the buffered bytes pass the bound', async () => {
    let overflowed!: () => void;
    const overflow = new Promise<void>((resolve) => (overflowed = resolve));
    let produced = 0;
    server = createServer((_req, res) => {
      const chunk = new TextEncoder().encode(`data: ${'x'.repeat(64 * 1024)}\n\n`);
      // An endless event stream, as a listen stream with a flood of updates would be.
      const body = new ReadableStream<Uint8Array>({ pull: (controller) => void ((produced += chunk.length), controller.enqueue(chunk)) });
      void writeWebResponse(res, new Response(body, { headers: { 'content-type': 'text/event-stream' } }), { maxBufferedBytes: 256 * 1024, onOverflow: overflowed });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    const socket = connect(port, '127.0.0.1');
    socket.on('error', () => undefined);
    socket.write(`GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
    // The client never reads: it pauses at once, so the kernel buffers fill, then the server's.
    socket.pause();
    await overflow;
    socket.destroy();
    // Bounded: what was produced is the kernel buffers plus about the bound, not everything the stream could make.
    expect(produced).toBeLessThan(64 * 1024 * 1024);
  });
});
