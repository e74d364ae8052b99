import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { coalesceWrites } from './coalesce-writes';

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** Serves one answer with `respond` and returns the body a client receives and how many socket writes carried it. */
async function serve(respond: (res: import('node:http').ServerResponse) => Promise<void>) {
  let writes = 0;
  server = createServer((req, res) => {
    // Every write that reaches the socket, single or gathered, goes through _writeGeneric.
    const socket = res.socket as unknown as { _writeGeneric: (...args: unknown[]) => unknown };
    const send = socket._writeGeneric.bind(socket);
    socket._writeGeneric = (...args: unknown[]) => {
      writes += 1;
      return send(...args);
    };
    coalesceWrites(res);
    void respond(res);
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const body = await new Promise<string>((resolve, reject) => {
    request({ port, host: '127.0.0.1', path: '/' }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve(text));
    })
      .on('error', reject)
      .end();
  });
  return { body, writes };
}

describe('coalesceWrites', () => {
  it('sends the chunks written in one turn, and the end, as one socket write', async () => {
    const { body, writes } = await serve(async (res) => {
      res.writeHead(200, { 'Content-Type': 'text/plain' });
      for (const part of ['<html>', '<head></head>', '<body>', 'page', '</body>', '</html>']) {
        res.write(part);
        await Promise.resolve();
      }
      res.end();
    });
    expect(body).toBe('<html><head></head><body>page</body></html>');
    expect(writes).toBe(1);
  });

  it('still sends a long answer turn by turn', async () => {
    const { body, writes } = await serve(async (res) => {
      res.writeHead(200, { 'Content-Type': 'text/plain' });
      for (let i = 0; i < 3; i++) {
        res.write(`part ${i};`);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      res.end('done');
    });
    expect(body).toBe('part 0;part 1;part 2;done');
    expect(writes).toBeGreaterThanOrEqual(3);
  });
});
