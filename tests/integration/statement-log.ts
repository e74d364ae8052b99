import { expect } from 'vitest';

let ids = 0;

/**
 * How many database statements a request to `path` runs, read from the server's request log
 * (LOG_LEVEL=info): requested five times (the first fills the shared caches), the fewest of the
 * other four counts. On PostgreSQL the server shares the database with the suite's other servers,
 * whose content changes empty its caches whenever they happen (decision 019), in bursts while the
 * whole suite runs: a count taken just after one is a cold one, and not every count is.
 * `init` makes it another request than a GET (a body must be one fetch may send five times).
 */
export async function statementsOf(
  server: { url: string; output: () => string },
  path: string,
  headers: Record<string, string> = {},
  init: RequestInit = {},
): Promise<number> {
  const counts: number[] = [];
  for (let i = 0; i < 5; i++) {
    const requestId = `budget-${process.pid}-${(ids += 1)}`;
    const res = await fetch(`${server.url}${path}`, {
      ...init,
      headers: { ...headers, 'X-Request-Id': requestId },
    });
    expect(res.status, path).toBe(200);
    await res.arrayBuffer();
    let line: { statements?: number } | undefined;
    for (let wait = 0; !line && wait < 50; wait++) {
      line = server
        .output()
        .split('\n')
        .filter((l) => l.includes(`"requestId":"${requestId}"`) && l.includes('"msg":"request"'))
        .map((l) => JSON.parse(l) as { statements?: number })[0];
      if (!line) await new Promise((r) => setTimeout(r, 20));
    }
    expect(line?.statements, `${path}: no log line`).toBeTypeOf('number');
    counts.push(line!.statements!);
  }
  return Math.min(...counts.slice(1));
}
