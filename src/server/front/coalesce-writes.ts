import type { ServerResponse } from 'node:http';

/**
 * Astro writes an answer as many small chunks (the head, each part of the page, the end of the
 * chunked body), and node:http sends each one as a socket write of its own. This holds the
 * writes made in one turn of the event loop and sends them together: a page or an API answer
 * leaves in one write instead of a dozen, while a long answer (a file) still flows turn by turn,
 * so nothing is held in memory longer than one turn. `end()` sends whatever is held.
 */
export function coalesceWrites(res: ServerResponse): void {
  let held = false;
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  res.write = ((...args: unknown[]) => {
    const socket = res.socket;
    if (!held && socket) {
      held = true;
      // The socket, not the response: a corked response holds chunked writes apart from its
      // end() and can send the last chunk before them.
      socket.cork();
      setImmediate(() => {
        held = false;
        // end() has sent everything already (and the socket may be serving the next request).
        if (!res.writableEnded) socket.uncork();
      });
    }
    return write(...args);
  }) as typeof res.write;
}
