/**
 * The HTTP server under a fake (the CMS, a channel provider): listens on a port (0 picks a free
 * one; the CMS rebinds its own after a simulated outage), and closes at
 * once, open long-polls and keep-alive connections included.
 */
import * as http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export async function listenFake(handler: http.RequestListener, host: string, port = 0): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server = http.createServer(handler);
  server.on('connection', (sock: Socket) => {
    sockets.add(sock);
    sock.on('close', () => sockets.delete(sock));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    close() {
      const done = new Promise<void>((resolve) => server.close(() => resolve()));
      // Open long-polls and keep-alive connections would otherwise hold close() open.
      for (const sock of sockets) sock.destroy();
      return done;
    },
  };
}
