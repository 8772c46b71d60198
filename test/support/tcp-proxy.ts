// A TCP proxy between a client and a server (here a Redis), so that a test can lose a reply the way a
// network cut does: the request reaches the server and runs, and the answer never reaches the client.
import { type AddressInfo, connect, createServer, type Socket } from "node:net";

export interface TcpProxy {
  /** `redis://127.0.0.1:<port>`: where the client connects instead of the server. */
  url: string;
  /** While true, what the server sends is dropped instead of forwarded (the connections stay open). */
  swallowReplies: boolean;
  /** Bytes the server sent while swallowReplies was true. */
  swallowedBytes: number;
  /** Closes every open connection, on both sides, as a network cut would. */
  cut(): void;
  close(): Promise<void>;
}

export async function startTcpProxy(upstream: { host: string; port: number }): Promise<TcpProxy> {
  const pairs = new Set<[Socket, Socket]>();
  const proxy: TcpProxy = {
    url: "",
    swallowReplies: false,
    swallowedBytes: 0,
    cut() {
      for (const [client, server] of pairs) {
        client.destroy();
        server.destroy();
      }
      pairs.clear();
    },
    close: () =>
      new Promise<void>((resolve) => {
        proxy.cut();
        server.close(() => resolve());
      }),
  };
  const server = createServer((client) => {
    const upstreamSocket = connect(upstream.port, upstream.host);
    const pair: [Socket, Socket] = [client, upstreamSocket];
    pairs.add(pair);
    const end = () => {
      pairs.delete(pair);
      client.destroy();
      upstreamSocket.destroy();
    };
    client.on("data", (chunk) => upstreamSocket.write(chunk));
    upstreamSocket.on("data", (chunk) => {
      if (proxy.swallowReplies) proxy.swallowedBytes += chunk.length;
      else client.write(chunk);
    });
    for (const socket of pair) {
      socket.on("close", end);
      socket.on("error", end);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  proxy.url = `redis://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return proxy;
}
