import { baseUrl } from './helpers';

/** The hidden fields of the form an HTML page holds (the simulator's choices and onward posts). */
export function hiddenFields(html: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)) fields[m[1]!] = m[2]!;
  return fields;
}

/** Posts to the gateway simulator's page as the browser does (the MPG form, or a choice made there). */
export async function simulatorPage(fields: Record<string, string>, base = baseUrl()) {
  const res = await fetch(`${base}/payment/simulator`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: base },
    body: new URLSearchParams(fields),
  });
  return { status: res.status, html: await res.text() };
}

/** Probes until `ok` holds or `ms` pass, answering the last value. */
export async function until<T>(probe: () => Promise<T>, ok: (value: T) => boolean, ms = 10_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (ok(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 200));
  }
}
