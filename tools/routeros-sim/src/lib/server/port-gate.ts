import { createServer, Server, Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

/** What happens to a new connection: served, or accepted and never answered (packets silently dropped). */
export type Admission = 'serve' | 'silence';

/**
 * Owns one device port and decides, connection by connection, whether the service behind it sees the
 * socket. Closing the gate closes the listener, so new connections are refused by the kernel exactly as
 * on a device whose service is off; loopback cannot drop SYNs, so a dropped path accepts and stays silent.
 */
export class PortGate {
  private readonly server: Server;
  private readonly sockets = new Set<Socket>();
  private listening = false;
  private port = 0;

  constructor(
    private readonly admit: () => Admission,
    private readonly deliver: (socket: Socket) => void,
  ) {
    this.server = createServer({ pauseOnConnect: false }, (socket) => {
      this.sockets.add(socket);
      socket.once('close', () => this.sockets.delete(socket));
      socket.on('error', () => undefined);
      if (!this.frozen && this.admit() === 'serve') this.deliver(socket);
      // A silenced socket stays open and unread until the client gives up or the gate closes.
    });
  }

  get boundPort(): number {
    return this.port;
  }

  get isOpen(): boolean {
    return this.listening;
  }

  async listen(port: number): Promise<number> {
    await new Promise<void>((resolve, reject) => {
      const onError = (error: Error) => reject(error);
      this.server.once('error', onError);
      this.server.listen(port, '127.0.0.1', () => {
        this.server.off('error', onError);
        resolve();
      });
    });
    this.port = (this.server.address() as AddressInfo).port;
    this.listening = true;
    return this.port;
  }

  /** Opens (on the same port) or closes the listener; closing also drops every connection it accepted. */
  async setOpen(open: boolean): Promise<void> {
    if (open === this.listening) return;
    if (open) {
      await this.listen(this.port);
      return;
    }
    this.listening = false;
    this.dropConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** A frozen device neither reads nor answers: open connections stall (output is held back), new ones stay silent. */
  setFrozen(frozen: boolean): void {
    if (frozen === this.frozen) return;
    this.frozen = frozen;
    for (const socket of this.sockets) {
      if (frozen) {
        socket.pause();
        socket.cork();
      } else {
        socket.uncork();
        socket.resume();
      }
    }
  }

  private frozen = false;

  dropConnections(): void {
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
  }

  async close(): Promise<void> {
    await this.setOpen(false);
  }
}
