import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { UNAVAILABLE_PAGE_HEADER } from '../http/unavailable';

/**
 * Answers the error page drawn because the database cannot be reached (`500.astro`, which says
 * so with `UNAVAILABLE_PAGE_HEADER`) with HTTP 503 instead of the 500 Astro gives every error
 * page, and takes the header off. Any other answer passes unchanged.
 */
export function answerUnavailableAs503(res: ServerResponse): void {
  const writeHead = res.writeHead.bind(res) as (status: number, ...rest: unknown[]) => ServerResponse;
  res.writeHead = ((status: number, ...rest: unknown[]) => {
    const headers = rest.at(-1);
    if (status === 500 && headers && typeof headers === 'object' && !Array.isArray(headers)) {
      const outgoing = headers as OutgoingHttpHeaders;
      if (outgoing[UNAVAILABLE_PAGE_HEADER] !== undefined) {
        delete outgoing[UNAVAILABLE_PAGE_HEADER];
        res.statusMessage = 'Service Unavailable';
        return writeHead(503, outgoing);
      }
    }
    return writeHead(status, ...rest);
  }) as typeof res.writeHead;
}
