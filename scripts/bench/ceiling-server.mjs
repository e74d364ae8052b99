// The ceiling for `npm run bench`: the plainest node:http server that can answer what the
// portal answers. It runs as its own child process (so it gets a core of its own, as the portal
// does) and replies to every request with one fixed answer: the same status, body and headers
// the portal gave for the target being measured. Whatever the portal does
// beyond this (routing, cache lookup, security headers, logging) shows as the gap to this server.
//
// Protocol (over the IPC channel that child_process.fork opens):
//   parent -> child  { status, headers, body }   body is base64
//   child  -> parent { port }                       once it listens on 127.0.0.1
// It stops on SIGTERM/SIGINT, or when the parent goes away (the IPC channel closes).
import { createServer } from 'node:http';

if (!process.send) {
  process.stderr.write('ceiling-server.mjs is started by scripts/bench.mjs (it needs an IPC channel).\n');
  process.exit(2);
}

let server;

process.once('message', (answer) => {
  const body = Buffer.from(answer.body, 'base64');
  // Computed once: every response writes the same status line and headers. Node adds Date,
  // Connection and Keep-Alive itself, as it does for the portal.
  const headers = { ...answer.headers, 'content-length': String(body.length) };
  const status = answer.status;

  server = createServer((req, res) => {
    res.writeHead(status, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
  });
  // The same keep-alive window as the portal's front (src/server/main.ts).
  server.keepAliveTimeout = 65_000;
  server.listen(0, '127.0.0.1', () => {
    process.send({ port: server.address().port });
  });
});

function stop() {
  if (!server) process.exit(0);
  server.close(() => process.exit(0));
  server.closeAllConnections();
  // Never hang on the way out.
  setTimeout(() => process.exit(0), 2000).unref();
}

process.on('SIGTERM', stop);
process.on('SIGINT', stop);
process.on('disconnect', stop);
