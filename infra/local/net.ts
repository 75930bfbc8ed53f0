/**
 * The small pieces of HTTP server plumbing every stand-in of the local cloud needs: listening on a port
 * (0 picks a free one) and learning which one, reading a request's body, closing a server (cutting or
 * draining its connections), and writing a listen address into a URL.
 */
import type { IncomingMessage, Server } from 'node:http';

/** Listens on `port` and `host`; resolves with the port actually bound, rejects if listening fails. */
export function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      const address = server.address();
      if (address === null || typeof address === 'string') {
        reject(new Error(`Server is not listening on a TCP port (address: ${String(address)})`));
        return;
      }
      resolve(address.port);
    });
  });
}

/** A request's whole body, for stand-ins whose callers are our own SDK clients (no size limit). */
export function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.once('end', () => resolve(Buffer.concat(chunks)));
    request.once('error', reject);
  });
}

/**
 * Closes the server at once, cutting every connection (requests in flight included); resolves once it is
 * closed. SDK clients keep connections alive, which would otherwise hold the server open.
 */
export function closeServer(server: Server): Promise<void> {
  const closed = closeServerAfterRequests(server);
  server.closeAllConnections();
  return closed;
}

/**
 * Closes the server once the requests in flight have been answered (Node closes idle keep-alive
 * connections at once); for servers whose half-done requests must not be cut.
 */
export function closeServerAfterRequests(server: Server): Promise<void> {
  return new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
}

/** The host part of a URL for `host`: IPv6 literals go in brackets. */
export function urlHost(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}

/**
 * The host part of a URL that reaches a server listening on `host` from this machine: a wildcard listen
 * address (`0.0.0.0`, `::`) is not a destination, so it is reached through the loopback interface.
 */
export function reachableUrlHost(host: string): string {
  if (host === '0.0.0.0' || host === '::') return '127.0.0.1';
  return urlHost(host);
}
