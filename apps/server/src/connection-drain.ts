import type { Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/**
 * How long a kept-alive connection must have been idle before shutdown closes it. A client
 * that is busy sends its next request on it within milliseconds of the last answer; that
 * request then gets a 503 with `Connection: close` instead of a reset connection.
 */
export const IDLE_GRACE_MS = 300;
const SWEEP_INTERVAL_MS = 50;

/**
 * Closes a server's kept-alive connections gently on shutdown. Node's `server.close()` ends
 * every idle connection at once, and a client that was just then sending its next request on
 * one sees it reset. Instead, once shutdown begins, each connection ends after its next answer
 * (the app sends `Connection: close`), and one left idle is closed only once it has been idle
 * for `IDLE_GRACE_MS`.
 */
export function gentleConnectionClose(server: Server) {
  const idleSince = new Map<Socket, number>();
  const busy = new Set<Socket>();

  server.on('connection', (socket: Socket) => {
    idleSince.set(socket, Date.now());
    socket.once('close', () => {
      idleSince.delete(socket);
      busy.delete(socket);
    });
  });
  server.on('request', (request: { socket: Socket }, response: ServerResponse) => {
    const { socket } = request;
    busy.add(socket);
    const done = () => {
      busy.delete(socket);
      idleSince.set(socket, Date.now());
    };
    response.once('finish', done);
    response.once('close', done);
  });

  return {
    /** Call as shutdown begins, before `server.close()`. */
    begin() {
      // server.close() would end the idle connections now; the sweep below does it gently.
      server.closeIdleConnections = () => undefined;
      const sweep = setInterval(() => {
        const now = Date.now();
        for (const [socket, since] of idleSince) {
          if (!busy.has(socket) && now - since >= IDLE_GRACE_MS) socket.end();
        }
        if (idleSince.size === 0) clearInterval(sweep);
      }, SWEEP_INTERVAL_MS);
      sweep.unref();
      server.once('close', () => {
        clearInterval(sweep);
      });
    },
  };
}
