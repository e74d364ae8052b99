// One plain GET over node:http, for the bench's look-ups (not for load).
//
// node:http rather than fetch(): fetch adds `Accept-Encoding` and decodes compressed bodies,
// while autocannon sends no `Accept-Encoding`. To give the ceiling the very bytes autocannon
// receives from the portal, the request must carry only the target's own headers.
import http from 'node:http';

const TIMEOUT_MS = 15_000;
const MAX_BODY_BYTES = 50 * 1024 * 1024;

/**
 * GETs `url` (which must be on 127.0.0.1) and resolves to { status, headers, body: Buffer }.
 * Never follows redirects: the caller sees a 3xx as it is.
 */
export function httpGet(url, headers = {}) {
  const target = new URL(url);
  if (target.hostname !== '127.0.0.1')
    return Promise.reject(new Error(`refusing to fetch ${url}: only 127.0.0.1 is targeted`));
  return new Promise((resolve, reject) => {
    const req = http.get(target, { headers, agent: false, timeout: TIMEOUT_MS }, (res) => {
      const chunks = [];
      let size = 0;
      res.on('data', (chunk) => {
        size += chunk.length;
        if (size > MAX_BODY_BYTES) {
          req.destroy(new Error(`${url}: body larger than ${MAX_BODY_BYTES} bytes`));
          return;
        }
        chunks.push(chunk);
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`${url}: no answer within ${TIMEOUT_MS} ms`)));
    req.on('error', reject);
  });
}
