import type { APIContext } from 'astro';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { AppError } from '../app-error';
import { endpoint } from './endpoint';

const logged = vi.hoisted(() => ({ error: [] as unknown[] }));
vi.mock('../logger', async (original) => ({
  ...(await original<typeof import('../logger')>()),
  logger: () => ({ error: (entry: unknown) => logged.error.push(entry) }),
}));

const call = async (route: ReturnType<typeof endpoint>, init: RequestInit & { url?: string; lang?: string } = {}) => {
  const url = new URL(init.url ?? 'http://portal.test/api/x');
  const request = new Request(url, {
    method: init.method ?? 'POST',
    body: init.body,
    headers: { ...(init.lang ? { Lang: init.lang } : {}), ...(init.headers as Record<string, string>) },
  });
  const response = await route({ request, url } as APIContext);
  return { status: response.status, body: (await response.json()) as { code: number; data: unknown; message: string } };
};

const json = (value: unknown) => ({
  body: typeof value === 'string' ? value : JSON.stringify(value),
  headers: { 'Content-Type': 'application/json' },
});

const create = endpoint({
  summary: 'test',
  tags: ['test'],
  body: z.object({ name: z.string().min(1), birthDate: z.iso.date(), age: z.number().int().min(0).optional() }),
  handle: async ({ body }) => ({ hello: body.name }),
});

describe('endpoint', () => {
  it('runs the handler with valid input and answers the envelope in the asked language', async () => {
    const res = await call(create, { ...json({ name: 'Lin', birthDate: '1990-02-03' }), lang: 'en-us' });
    expect(res).toEqual({ status: 200, body: { code: 0, data: { hello: 'Lin' }, message: 'Success' } });
  });

  it('answers -1 for a body that is not JSON, or not sent as JSON', async () => {
    expect((await call(create, json('{name:'))).body.code).toBe(-1);
    expect((await call(create, { body: 'name=Lin' })).body.code).toBe(-1);
  });

  it('takes a JSON body sent as exactly application/json, with at most a UTF-8 charset', async () => {
    const body = JSON.stringify({ name: 'Lin', birthDate: '1990-02-03' });
    for (const type of [
      'application/json',
      'Application/JSON',
      'application/json; charset=utf-8',
      'application/json;charset="UTF-8"',
    ])
      expect((await call(create, { body, headers: { 'Content-Type': type } })).body.code, type).toBe(0);
    for (const type of [
      'text/plain; x=application/json',
      'text/plain;application/json',
      'application/json-patch+json',
      'application/jsonx',
      'application/json; charset=iso-8859-1',
      'application/json; boundary=x',
      'application/json; charset',
      'multipart/form-data; boundary=application/json',
      '',
    ])
      expect((await call(create, { body, headers: { 'Content-Type': type } })).body, type).toMatchObject({
        code: -1,
        data: null,
      });
  });

  it('answers -2 naming a missing key', async () => {
    const res = await call(create, json({ birthDate: '1990-02-03' }));
    expect(res.body).toMatchObject({ code: -2, data: { fields: ['name'] }, message: '缺少必要的欄位' });
  });

  it('answers -5 for a malformed date', async () => {
    const res = await call(create, json({ name: 'Lin', birthDate: '1990/02/31' }));
    expect(res.body).toMatchObject({ code: -5, data: { fields: ['birthDate'] } });
  });

  it('answers -10 for a value that breaks a rule', async () => {
    const res = await call(create, json({ name: '', birthDate: '1990-02-03', age: -3 }));
    expect(res.body).toMatchObject({ code: -10, data: { fields: ['name', 'age'] } });
  });

  it('answers 503 and -997 when the database cannot be reached, so browsers show maintenance', async () => {
    const down = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    const route = endpoint({
      summary: 't',
      tags: [],
      handle: async () => {
        throw down;
      },
    });
    const res = await call(route, { method: 'GET', lang: 'en-us' });
    expect(res.status).toBe(503);
    expect(res.body.code).toBe(-997);
    expect(JSON.stringify(res.body)).not.toContain('5432');
  });

  it('passes a business outcome from the service through with its code', async () => {
    const route = endpoint({
      summary: 't',
      tags: [],
      handle: async () => {
        throw new AppError(-13, { field: 'email' });
      },
    });
    expect((await call(route, { method: 'GET' })).body).toMatchObject({ code: -13, data: { field: 'email' } });
  });

  it('answers an unexpected failure with HTTP 500, -999 and the request id, never the stack', async () => {
    const route = endpoint({
      summary: 't',
      tags: [],
      handle: async () => {
        throw new Error('secret internals at db.ts:42');
      },
    });
    const res = await call(route, {
      method: 'GET',
      headers: { 'x-request-id': 'req-12345678' },
      url: 'http://portal.test/api/x?email=a%40b.org&token=live-token',
    });
    expect(res.status).toBe(500);
    // The log line names the address without the secrets in its query.
    expect(JSON.stringify(logged.error.at(-1))).toContain('/api/x?email=…&token=…');
    expect(JSON.stringify(logged.error.at(-1))).not.toContain('live-token');
    expect(res.body).toEqual({ code: -999, data: { requestId: 'req-12345678' }, message: '系統發生錯誤，請稍後再試' });
    expect(JSON.stringify(res.body)).not.toContain('secret');
  });

  describe('multipart bodies', () => {
    const upload = endpoint({
      summary: 'upload',
      tags: [],
      bodyType: 'multipart',
      maxFileBytes: 10,
      body: z.object({ title: z.string().min(1), file: z.instanceof(File) }),
      handle: async ({ body }) => ({ title: body.title, size: body.file.size }),
    });
    const form = (size: number) => {
      const data = new FormData();
      data.set('title', 'CV');
      data.set('file', new File(['x'.repeat(size)], 'cv.pdf', { type: 'application/pdf' }));
      return data;
    };

    it('passes fields and files to the handler', async () => {
      expect((await call(upload, { body: form(5) })).body).toMatchObject({ code: 0, data: { title: 'CV', size: 5 } });
    });

    it('answers -996 naming a file over the limit', async () => {
      expect((await call(upload, { body: form(11) })).body).toMatchObject({ code: -996, data: { fields: ['file'] } });
    });

    it('answers -21 for a body that is not a multipart form', async () => {
      expect((await call(upload, json({ title: 'CV' }))).body.code).toBe(-21);
      const broken = { body: '--x\r\nbroken', headers: { 'Content-Type': 'multipart/form-data; boundary=x' } };
      expect((await call(upload, broken)).body.code).toBe(-21);
    });
  });

  it('refuses a state-changing GET that a browser says another site started', async () => {
    const route = endpoint({ summary: 'unlink', tags: [], sameSiteOnly: true, handle: async () => 'done' });
    const cross = await call(route, { method: 'GET', headers: { 'Sec-Fetch-Site': 'cross-site' } });
    expect(cross.body.code).toBe(-11);
    expect((await call(route, { method: 'GET', headers: { 'Sec-Fetch-Site': 'same-origin' } })).body.code).toBe(0);
    // API clients send no Sec-Fetch-Site.
    expect((await call(route, { method: 'GET' })).body.code).toBe(0);
  });

  it('refuses a state-changing GET whose Origin or Referer names another site, without fetch metadata', async () => {
    const route = endpoint({ summary: 'logout', tags: [], sameSiteOnly: true, handle: async () => 'done' });
    const from = (headers: Record<string, string>) => call(route, { method: 'GET', headers });
    expect((await from({ Referer: 'https://evil.example/page' })).body.code).toBe(-11);
    expect((await from({ Origin: 'https://evil.example' })).body.code).toBe(-11);
    expect((await from({ Origin: 'null' })).body.code).toBe(-11);
    expect((await from({ Referer: 'http://portal.test/member/center' })).body.code).toBe(0);
  });

  it('refuses an oversized body from its Content-Length, or while reading it, before holding it all', async () => {
    const big = JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024), birthDate: '1990-02-03' });
    expect((await call(create, json(big))).body.code).toBe(-1);
    // A body sent in chunks without a length is cut off at the limit too.
    let pulled = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        if (pulled > 1000) controller.close();
        else controller.enqueue(new Uint8Array(64 * 1024).fill(32));
      },
    });
    const url = new URL('http://portal.test/api/x');
    const request = new Request(url, {
      method: 'POST',
      body: stream,
      headers: { 'Content-Type': 'application/json' },
      duplex: 'half',
    } as RequestInit);
    const response = await create({ request, url } as APIContext);
    expect(((await response.json()) as { code: number }).code).toBe(-1);
    // 64 KiB chunks: the read stopped just past 1 MiB, not at 64 MiB.
    expect(pulled).toBeLessThan(40);
  });

  it('hands the EmailAuthorization header only to operations that declare it', async () => {
    const headers = { EmailAuthorization: 'proof-token' };
    const declared = endpoint({
      summary: 'proof',
      tags: [],
      emailAuthorization: 'required',
      handle: async ({ emailToken }) => emailToken,
    });
    const undeclared = endpoint({ summary: 'plain', tags: [], handle: async ({ emailToken }) => emailToken });
    expect((await call(declared, { method: 'GET', headers })).body.data).toBe('proof-token');
    expect((await call(declared, { method: 'GET' })).body.data).toBeNull();
    expect((await call(undeclared, { method: 'GET', headers })).body.data).toBeNull();
  });
});
