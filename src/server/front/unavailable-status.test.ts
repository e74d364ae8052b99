import { createServer, type OutgoingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { UNAVAILABLE_PAGE_HEADER } from '../http/unavailable';
import { answerUnavailableAs503 } from './unavailable-status';

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** What a client receives for an answer written as Astro's node handler writes it (statusMessage, then writeHead). */
async function answer(status: number, headers: OutgoingHttpHeaders) {
  server = createServer((_req, res) => {
    answerUnavailableAs503(res);
    res.statusMessage = 'Internal Server Error';
    res.writeHead(status, headers);
    res.end('<!DOCTYPE html><title>Under maintenance</title>');
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const res = await fetch(`http://127.0.0.1:${port}/`);
  return { status: res.status, statusText: res.statusText, headers: res.headers, body: await res.text() };
}

describe('answerUnavailableAs503', () => {
  it('answers the error page drawn for an unreachable database with 503, without the internal header', async () => {
    const res = await answer(500, { 'content-type': 'text/html', 'retry-after': '30', [UNAVAILABLE_PAGE_HEADER]: '1' });
    expect(res).toMatchObject({ status: 503, statusText: 'Service Unavailable' });
    expect(res.headers.get('retry-after')).toBe('30');
    expect(res.headers.has(UNAVAILABLE_PAGE_HEADER)).toBe(false);
    expect(res.body).toContain('Under maintenance');
  });

  it('leaves any other answer as it is, a 500 without the header and the header on another status alike', async () => {
    expect((await answer(500, { 'content-type': 'text/html' })).status).toBe(500);
    expect((await answer(200, { 'content-type': 'text/html' })).status).toBe(200);
    const other = await answer(404, { [UNAVAILABLE_PAGE_HEADER]: '1' });
    expect(other.status).toBe(404);
  });
});
