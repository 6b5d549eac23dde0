/**
 * A TCP proxy on 127.0.0.1 that a test controls, between the application and a server (MariaDB):
 * it can cut every open connection at once, or cut them when the application sends a packet that
 * contains some text (e.g. the COMMIT of a transaction), so that packet never reaches the server.
 * The server itself is never touched.
 */
import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net';

export interface TcpProxy {
  port: number;
  /** Connections made through the proxy so far. */
  readonly connections: number;
  /** Destroys every open connection (both sides), as a network failure would. */
  cutAll(): void;
  /**
   * The next time the client side sends a packet containing `text`, every open connection is cut
   * instead of forwarding it. Resolves when that happened.
   */
  cutOn(text: string): Promise<void>;
  /** While on, every open connection is cut and new ones are closed at once: the server is away. */
  refuse(on: boolean): void;
  close(): Promise<void>;
}

/** Starts a proxy to `host:port`. */
export async function startTcpProxy(host: string, port: number): Promise<TcpProxy> {
  const open = new Set<Socket>();
  let connections = 0;
  let trap: { text: Buffer; fired: () => void } | null = null;
  let refusing = false;
  const cutAll = () => {
    for (const s of open) s.destroy();
    open.clear();
  };
  const server: Server = createServer((client) => {
    if (refusing) {
      client.destroy();
      return;
    }
    connections++;
    const upstream = connect(port, host);
    open.add(client);
    open.add(upstream);
    client.on('data', (chunk: Buffer) => {
      if (trap && chunk.includes(trap.text)) {
        const { fired } = trap;
        trap = null;
        cutAll();
        fired();
        return;
      }
      if (!upstream.write(chunk)) client.pause();
    });
    upstream.on('drain', () => client.resume());
    upstream.pipe(client);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      open.delete(client);
      open.delete(upstream);
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    get connections() {
      return connections;
    },
    cutAll,
    refuse(on) {
      refusing = on;
      if (on) cutAll();
    },
    cutOn(text) {
      return new Promise<void>((resolve) => {
        trap = { text: Buffer.from(text, 'utf8'), fired: resolve };
      });
    },
    async close() {
      cutAll();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
