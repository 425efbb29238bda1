import { connect, type Socket } from 'node:net';

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * A request whose head is sent now but finished later: the connection is busy (not idle) in between, so a server
 * that starts draining keeps it, and the request is read only when `finish()` sends the rest. This is how a request
 * that arrives during the drain on an already open connection is produced without racing a timer.
 */
export async function holdRequest(url: string, method: string, path: string, headers: Record<string, string> = {}, body = ''): Promise<{ finish(): Promise<RawResponse>; socket: Socket }> {
  const target = new URL(url);
  const socket = connect(Number(target.port), target.hostname);
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  const head = [`${method} ${path} HTTP/1.1`, `Host: ${target.host}`, 'Connection: close', `Content-Length: ${Buffer.byteLength(body)}`, ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)];
  let received = '';
  socket.setEncoding('utf8').on('data', (chunk: string) => (received += chunk));
  const ended = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  await new Promise<void>((resolve, reject) => socket.write(head.join('\r\n') + '\r\n', (error) => (error ? reject(error) : resolve())));
  return {
    socket,
    async finish() {
      socket.write(`\r\n${body}`);
      await ended;
      const [rawHead, ...rest] = received.split('\r\n\r\n');
      const [statusLine, ...lines] = rawHead.split('\r\n');
      const parsed: Record<string, string> = {};
      for (const line of lines) parsed[line.slice(0, line.indexOf(':')).toLowerCase()] = line.slice(line.indexOf(':') + 1).trim();
      return { status: Number(statusLine.split(' ')[1]), headers: parsed, body: rest.join('\r\n\r\n') };
    },
  };
}
