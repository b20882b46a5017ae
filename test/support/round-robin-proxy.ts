// A TCP load balancer for tests and benchmarks: each connection goes to the next of several worker ports, in turn.
// Restate reaches a deployment at one address; several worker processes behind one address is how it scales out.
import { connect, createServer, type Server, type Socket } from 'node:net';

export interface RoundRobinProxy {
  port: number;
  /** Connections handed to each target so far. */
  connections: number[];
  close(): Promise<void>;
}

export async function startRoundRobinProxy(targets: number[]): Promise<RoundRobinProxy> {
  const connections = targets.map(() => 0);
  const sockets = new Set<Socket>();
  let next = 0;
  const server: Server = createServer((client) => {
    const index = next++ % targets.length;
    connections[index]! += 1;
    const upstream = connect(targets[index]!, '127.0.0.1');
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as { port: number }).port,
    connections,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
