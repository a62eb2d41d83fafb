import { connect, createServer, type Server, type Socket } from "node:net";

export type TcpProxy = {
  port: number;
  /** The database goes away: every open connection is dropped and new ones are refused. */
  cut(): Promise<void>;
  /** It is back on the same port. */
  restore(): Promise<void>;
  close(): Promise<void>;
};

/**
 * A TCP relay on loopback in front of a server (PostgreSQL here): what a restart looks like to
 * the clients on the other side — connections cut mid-query, refused while it is down, accepted
 * again afterwards — without stopping the server other tests share.
 */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const s = createServer((client) => {
        const upstream = connect(target.port, target.host);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on("close", () => sockets.delete(socket));
          socket.on("error", () => {
            client.destroy();
            upstream.destroy();
          });
        }
        client.pipe(upstream);
        upstream.pipe(client);
      });
      s.once("error", reject);
      s.listen(port, "127.0.0.1", () => {
        port = (s.address() as { port: number }).port;
        server = s;
        resolve();
      });
    });
  const stop = async () => {
    const s = server;
    server = null;
    for (const socket of sockets) socket.destroy();
    sockets.clear();
    if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
  };
  await listen();
  return {
    get port() {
      return port;
    },
    cut: stop,
    restore: listen,
    close: stop,
  };
}
