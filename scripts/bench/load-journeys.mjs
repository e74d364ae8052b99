// What the load's visitors do over HTTP (`npm run bench:load`), step by step, as a browser would:
// every request is one named kind, timed to its last byte, and anything but the answer expected
// (a 2xx or 3xx, an envelope code 0, within the time limit) is an error of that kind.
import { performance } from 'node:perf_hooks';

/** How long a request may take before it counts as an error (a timeout). */
export const REQUEST_TIMEOUT_MS = 30_000;

/** The demo member's password: the bench's members are given the demo member's password hash. */
export const BENCH_PASSWORD = 'Member2026demo';
export const ORGANISATION = { family: 'amsw0103', account: 'organ@example.org', password: 'Organ2026demo' };

/** A minimal PDF (what the upload's type check needs): a claim's evidence, a roster's signed sheet. */
const PDF = new TextEncoder().encode('%PDF-1.4\n%%EOF\n');

/** A request that did not answer as expected: its journey stops there. */
export class StepError extends Error {}

/** Per-kind counts, errors and response times. */
export class Recorder {
  constructor() {
    this.kinds = new Map();
    this.errorSamples = [];
  }

  kind(name) {
    let k = this.kinds.get(name);
    if (!k) this.kinds.set(name, (k = { count: 0, errors: 0, latencies: [], reasons: {} }));
    return k;
  }

  ok(name, ms) {
    const k = this.kind(name);
    k.count += 1;
    k.latencies.push(ms);
  }

  error(name, ms, reason, detail = '') {
    const k = this.kind(name);
    k.count += 1;
    k.errors += 1;
    k.latencies.push(ms);
    k.reasons[reason] = (k.reasons[reason] ?? 0) + 1;
    if (this.errorSamples.length < 30) this.errorSamples.push({ kind: name, reason, detail: detail.slice(0, 300) });
  }
}

/** A recorder that keeps nothing (the preparation's requests are not the load's). */
export const NOT_RECORDED = { ok() {}, error() {} };

/**
 * One visitor's HTTP client: its address (`X-Forwarded-For`, for a portal that trusts the
 * loopback proxy), its session cookie once signed in, and the requests it makes, recorded.
 */
export class Visitor {
  constructor(base, recorder, address) {
    this.base = base;
    this.recorder = recorder;
    this.address = address;
    this.cookie = null;
  }

  /**
   * One request as kind `kind`; resolves to { res, text, body } (body: the envelope for JSON), or
   * throws a StepError once it is recorded as an error. `codes`: envelope codes that are an answer
   * expected besides 0.
   */
  async request(kind, path, { method = 'GET', json, form, multipart, headers = {}, codes = [] } = {}) {
    const h = { 'X-Forwarded-For': this.address, ...headers };
    if (this.cookie) h.Cookie = this.cookie;
    let body;
    if (method !== 'GET') h.Origin = this.base;
    if (json !== undefined) {
      h['Content-Type'] = 'application/json';
      body = JSON.stringify(json);
    } else if (form !== undefined) {
      h['Content-Type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(form);
    } else if (multipart !== undefined) body = multipart;
    const started = performance.now();
    let res;
    let text;
    try {
      res = await fetch(this.base + path, {
        method,
        headers: h,
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      text = await res.text();
    } catch (error) {
      const ms = performance.now() - started;
      const reason = error?.name === 'TimeoutError' ? 'timeout' : `network: ${error?.cause?.code ?? error?.message}`;
      this.recorder.error(kind, ms, reason, `${method} ${path}`);
      throw new StepError(`${kind}: ${reason}`);
    }
    const ms = performance.now() - started;
    if (res.status >= 400) {
      this.recorder.error(kind, ms, `HTTP ${res.status}`, `${method} ${path}: ${text.slice(0, 200)}`);
      throw new StepError(`${kind}: HTTP ${res.status}`);
    }
    let envelope = null;
    if ((res.headers.get('content-type') ?? '').includes('application/json')) {
      try {
        envelope = JSON.parse(text);
      } catch {
        this.recorder.error(kind, ms, 'bad JSON', `${method} ${path}`);
        throw new StepError(`${kind}: bad JSON`);
      }
      if (typeof envelope?.code === 'number' && envelope.code !== 0 && !codes.includes(envelope.code)) {
        this.recorder.error(kind, ms, `code ${envelope.code}`, `${method} ${path}: ${envelope.message ?? ''}`);
        throw new StepError(`${kind}: code ${envelope.code}`);
      }
    }
    this.recorder.ok(kind, ms);
    return { res, text, body: envelope };
  }

  /**
   * Signs in as a browser does: the form's captcha fetched, the password posted with a solved one
   * (`solved`, worked out ahead as the visitor's device does); keeps the session cookie.
   */
  async signIn({ family, account, password }, solved) {
    await this.request('captcha', '/api/amsw0102/image');
    const { res } = await this.request('sign in', `/api/${family}/login`, {
      method: 'POST',
      json: { account, password, ...solved },
    });
    this.cookie = /ams-session=[^;]+/.exec(res.headers.get('set-cookie') ?? '')?.[0] ?? null;
    if (!this.cookie) throw new StepError(`sign in of ${account}: no session cookie`);
  }

  async signOut() {
    await this.request('sign out', '/api/amsw0101/logout', { headers: { 'Sec-Fetch-Site': 'same-origin' } });
    this.cookie = null;
  }

  /** An application document or roster file uploaded: its file id. */
  async upload(kind, purpose, name, bytes) {
    const form = new FormData();
    form.set('purpose', purpose);
    form.set('file', new File([bytes], name));
    return (await this.request(kind, '/api/amsw1001/upload', { method: 'POST', multipart: form })).body.data.fileId;
  }

  /** A free claim for a 2-point lecture (the licence has no claim fee): onto the credit reviewers' queue. */
  async claimCredits(certificationId, n) {
    const fileId = await this.upload('upload (evidence)', 'applicationDocument', 'lecture.pdf', PDF);
    return (
      await this.request('apply (credit claim)', '/api/amsw0602/claim', {
        method: 'POST',
        json: {
          certificationId,
          method: 'lecture',
          category: 'ethics',
          creditClass: 'A',
          title: `Bench lecture ${n}`,
          provider: 'Bench hospital',
          earnedOn: new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10),
          points: 2,
          description: 'A lecture given.',
          documents: [{ key: 'evidence1', fileId }],
        },
      })
    ).body.data;
  }

  /**
   * The renewal, paid by card through the gateway simulator as a browser goes through it: the
   * renewal page, the application, the gateway's form posted to the simulator, the card chosen
   * there (the simulator sends the notify to the portal and answers the browser's onward form),
   * that form posted to the portal's return address, and the page it leads to. Answers
   * { orderId, merchantOrderNo } once the return page is shown.
   */
  async renewAndPay() {
    await this.request('renewal page', '/member/extension/apply');
    const applied = (await this.request('apply (renewal)', '/api/amsw0402/extension', { method: 'POST', json: {} }))
      .body.data;
    const orderId = applied.order.orderId;
    const gatewayForm = (
      await this.request('pay: gateway form', '/api/amsw0501/pay', { method: 'POST', json: { orderId } })
    ).body.data;
    const simulator = await this.request('pay: simulator page', gatewayForm.action, {
      method: 'POST',
      form: gatewayForm.fields,
    });
    const merchantOrderNo = hiddenFields(simulator.text).merchantOrderNo;
    if (!merchantOrderNo) throw new StepError('the simulator showed no trade');
    const paid = await this.request('pay (simulator)', '/payment/simulator', {
      method: 'POST',
      form: { merchantOrderNo, simulatorAction: 'card' },
    });
    const action = /<form method="post" action="([^"]+)"/.exec(paid.text)?.[1]?.replaceAll('&amp;', '&');
    if (!action) throw new StepError('the simulator gave no onward form');
    const back = await this.request('pay: return', action, { method: 'POST', form: hiddenFields(paid.text) });
    const location = back.res.headers.get('location');
    if (back.res.status !== 303 || !location?.includes(`orderId=${orderId}`))
      throw new StepError(`the return answered ${back.res.status} to ${location}`);
    await this.request('pay: return page', location);
    return { orderId, merchantOrderNo, applicationId: applied.applicationId };
  }
}

/** The hidden fields of the form an HTML page holds (the simulator's choices and onward posts). */
function hiddenFields(html) {
  const fields = {};
  for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g))
    fields[m[1]] = m[2].replaceAll('&amp;', '&').replaceAll('&quot;', '"');
  return fields;
}

export { PDF };
