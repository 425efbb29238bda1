import { request } from 'node:https';
import { request as httpRequest } from 'node:http';
import type { TLSSocket } from 'node:tls';

export interface Reply {
  status: number;
  body: unknown;
  raw: string;
  /** SHA-256 fingerprint of the certificate the server presented, as openssl prints it. */
  certificate?: string;
}

/** A bare REST call over a real socket, the way any HTTPS client would make it. */
export function call(baseUrl: string, method: string, path: string, options: { body?: unknown; auth?: string; timeoutMs?: number } = {}): Promise<Reply> {
  const url = new URL(baseUrl + path);
  const payload = options.body === undefined ? undefined : typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
  const send = url.protocol === 'https:' ? request : httpRequest;
  return new Promise((resolve, reject) => {
    const req = send(
      url,
      {
        method,
        agent: false, // a fresh connection per call: faults such as `refuse` act on new connections
        rejectUnauthorized: false,
        headers: { authorization: `Basic ${Buffer.from(options.auth ?? 'admin:admin').toString('base64')}`, ...(payload ? { 'content-type': 'application/json' } : {}) },
        timeout: options.timeoutMs ?? 10_000,
      },
      (res) => {
        // Read the peer certificate now: with keep-alive the socket is detached once the body has ended.
        const socket = res.socket as TLSSocket;
        const certificate = typeof socket?.getPeerCertificate === 'function' ? `SHA256:${socket.getPeerCertificate().fingerprint256}` : undefined;
        let raw = '';
        res.on('data', (d) => (raw += d));
        res.on('error', reject);
        res.on('end', () => {
          let body: unknown = raw;
          try {
            body = raw ? JSON.parse(raw) : undefined;
          } catch {
            // left as text: the invalid-JSON fault
          }
          resolve({ status: res.statusCode ?? 0, body, raw, certificate });
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error('client timeout')));
    req.on('error', reject);
    req.end(payload);
  });
}
