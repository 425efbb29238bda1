import { Agent, AgentOptions } from 'node:https';
import { connect, ConnectionOptions, TLSSocket } from 'node:tls';
import type { Duplex } from 'node:stream';

/** How a device's certificate is trusted: a pinned fingerprint, a CA bundle, or (lab only) not at all. */
export type TlsTrust = { kind: 'pin'; fingerprint: string } | { kind: 'ca'; caPem: string } | { kind: 'skip' };

/** Raised before any byte of the request is sent: the certificate is not the pinned one. */
export class CertificateMismatchError extends Error {
  readonly code = 'ERR_CERT_PIN_MISMATCH';
  constructor(readonly presented: string) {
    super('certificate does not match the pinned fingerprint');
  }
}

/** The TCP connection or TLS handshake did not complete in time. */
export class ConnectTimeoutError extends Error {
  readonly code = 'ERR_CONNECT_TIMEOUT';
  constructor(readonly ms: number) {
    super(`no TLS session within ${ms} ms`);
  }
}

export const fingerprintOf = (socket: TLSSocket): string => `SHA256:${socket.getPeerCertificate().fingerprint256 ?? ''}`;

/**
 * A keep-alive agent for one device that hands a socket to HTTP only after the TLS handshake and the trust
 * check passed, so credentials never reach an impostor; it also bounds the connect and handshake time.
 */
export class PinnedAgent extends Agent {
  /** When each connection still in TCP connect or TLS handshake started. */
  private readonly pending = new Set<{ since: number }>();

  constructor(
    private readonly trust: TlsTrust,
    private readonly connectTimeoutMs: number,
    private readonly onInsecure: () => void,
    options: AgentOptions = {},
  ) {
    super({ keepAlive: true, keepAliveMsecs: 10_000, maxSockets: 8, maxFreeSockets: 4, ...options });
  }

  /**
   * How long the oldest connection still being set up has been at it (0 when none is). A call that ran out of
   * time while a connection was this old never reached the device; one that ran out while another call's new
   * connection had just started did.
   */
  longestConnectingMs(): number {
    let oldest = Infinity;
    for (const attempt of this.pending) oldest = Math.min(oldest, attempt.since);
    return oldest === Infinity ? 0 : performance.now() - oldest;
  }

  override createConnection(options: ConnectionOptions, callback?: (error: Error | null, socket: Duplex) => void): Duplex {
    const socket = connect({
      ...options,
      servername: undefined, // devices are addressed by IP; SNI would carry nothing
      ca: this.trust.kind === 'ca' ? this.trust.caPem : undefined,
      rejectUnauthorized: this.trust.kind === 'ca',
      // With a CA, Node's name check still applies; with a pin, the fingerprint replaces it.
      ...(this.trust.kind === 'ca' ? {} : { checkServerIdentity: () => undefined }),
    });
    let settled = false;
    const attempt = { since: performance.now() };
    this.pending.add(attempt);
    const finish = (error: Error | null) => {
      if (settled) return;
      settled = true;
      this.pending.delete(attempt);
      clearTimeout(timer);
      if (error) socket.destroy();
      callback?.(error, socket);
    };
    const timer = setTimeout(() => finish(new ConnectTimeoutError(this.connectTimeoutMs)), this.connectTimeoutMs);
    socket.once('secureConnect', () => {
      if (this.trust.kind === 'pin') {
        const presented = fingerprintOf(socket);
        if (presented.toUpperCase() !== this.trust.fingerprint.toUpperCase()) return finish(new CertificateMismatchError(presented));
      } else if (this.trust.kind === 'skip') {
        this.onInsecure();
      }
      finish(null);
    });
    socket.once('error', (error) => finish(error));
    // Returning nothing makes the agent wait for the callback: the socket is not used before it is trusted.
    return undefined as unknown as Duplex;
  }
}

/** Connects, reads the certificate the device presents, and disconnects without sending anything. */
export function readPresentedCertificate(host: string, port: number, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host, port, rejectUnauthorized: false, checkServerIdentity: () => undefined });
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new ConnectTimeoutError(timeoutMs));
    }, timeoutMs);
    socket.once('secureConnect', () => {
      clearTimeout(timer);
      const fingerprint = fingerprintOf(socket);
      socket.end();
      resolve(fingerprint);
    });
    socket.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}
