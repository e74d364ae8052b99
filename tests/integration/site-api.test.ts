import { describe, expect, it } from 'vitest';
import { api, baseUrl } from './helpers';

interface WebInfo {
  name: string;
  seoContent: string;
  faviconFileId: number | null;
  darkLogoFileId: number | null;
  color: string;
}

describe('GET /api/amsw0201/webInfo', () => {
  it('answers the society in zh-tw by default and in English for Lang: en-us', async () => {
    const zh = await api<WebInfo>('/api/amsw0201/webInfo');
    expect(zh.status).toBe(200);
    expect(zh.body).toMatchObject({ code: 0, message: '成功' });
    expect(zh.body.data.name).toBe('臺灣臨床繼續教育醫學會');
    expect(zh.body.data.color).toMatch(/^#[0-9A-Fa-f]{6}$/);
    expect(zh.body.data.faviconFileId).toBeGreaterThan(0);
    expect(zh.body.data.darkLogoFileId).toBeGreaterThan(0);
    expect(zh.body.data.seoContent.length).toBeGreaterThan(20);

    const en = await api<WebInfo>('/api/amsw0201/webInfo', { lang: 'en-us' });
    expect(en.body).toMatchObject({ code: 0, message: 'Success' });
    expect(en.body.data.name).toBe('Taiwan Society for Continuing Clinical Education');
  });

  it('treats an unknown Lang as zh-tw', async () => {
    const res = await api('/api/amsw0201/webInfo', { headers: { Lang: 'fr-fr' } });
    expect(res.body.message).toBe('成功');
  });

  it('answers -4 to a method the endpoint does not take', async () => {
    const res = await api('/api/amsw0201/webInfo', {
      method: 'POST',
      body: '{}',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(res.status).toBe(405);
    expect(res.body.code).toBe(-4);
  });
});

describe('GET /api/amsw0201/langCode', () => {
  it('lists zh-TW first and en-US', async () => {
    const res = await api<{ langList: { langCode: string; countryCode: string }[] }>('/api/amsw0201/langCode');
    expect(res.body.code).toBe(0);
    expect(res.body.data.langList.map((l) => `${l.langCode}-${l.countryCode}`)).toEqual(['zh-TW', 'en-US']);
  });
});

describe('GET /api/amsw0901', () => {
  it('answers the system settings with numeric limits and notices in the asked language', async () => {
    const zh = await api<Record<string, unknown>>('/api/amsw0901');
    expect(zh.body.code).toBe(0);
    const data = zh.body.data;
    for (const key of ['newebpayTradeLimit', 'webEmailValidMinute', 'loginBlockMinute']) {
      expect(Number.isInteger(data[key]), key).toBe(true);
      expect(data[key] as number).toBeGreaterThan(0);
    }
    expect(typeof data.postServiceUrl).toBe('string');
    expect(data.amsRemittanceInfo).toMatch(/銀行/);
    expect(data.loginNotice).toMatch(/登入/);
    const en = await api<Record<string, unknown>>('/api/amsw0901', { lang: 'en-us' });
    expect(en.body.data.amsRemittanceInfo).toMatch(/Bank/);
  });
});

describe('unknown API paths', () => {
  it('answer -20 with HTTP 404, in the asked language', async () => {
    for (const method of ['GET', 'POST', 'DELETE']) {
      const res = await api('/api/amsw9999/nothing', { method, lang: 'en-us' });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ code: -20, data: null, message: 'This API path does not exist' });
    }
  });
});

describe('GET /api/openapi.json', () => {
  it('documents every endpoint from the same schemas', async () => {
    const response = await fetch(`${baseUrl()}/api/openapi.json`);
    const doc = (await response.json()) as {
      openapi: string;
      paths: Record<string, Record<string, { parameters: { name: string; required: boolean }[] }>>;
    };
    expect(doc.openapi).toBe('3.1.0');
    for (const path of [
      '/api/amsw0201/webInfo',
      '/api/amsw0201/langCode',
      '/api/amsw0202',
      '/api/amsw0202/card',
      '/api/amsw0202/carousel',
      '/api/amsw0202/imageLink',
      '/api/amsw0901',
      '/api/amsw1002',
    ]) {
      expect(doc.paths[path]?.get, path).toBeDefined();
    }
    const card = doc.paths['/api/amsw0202/card']!.get!;
    expect(card.parameters).toContainEqual(expect.objectContaining({ name: 'indexPartId', required: true }));
  });
});

describe('cross-site writes', () => {
  it('are refused with -11 before they reach an endpoint', async () => {
    const res = await api('/api/amsw0201/webInfo', {
      method: 'POST',
      body: '{}',
      headers: { 'Content-Type': 'application/json', Origin: 'https://elsewhere.example' },
    });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe(-11);
  });
});

describe('the OpenAPI document of the account API', () => {
  it('describes the answers of the account endpoints, never with a full national ID', async () => {
    const doc = (await (await fetch(`${baseUrl()}/api/openapi.json`)).json()) as {
      paths: Record<
        string,
        Record<
          string,
          {
            responses: Record<
              string,
              {
                content?: Record<
                  string,
                  { schema: { properties: { data: { properties?: Record<string, unknown> } } } }
                >;
              }
            >;
          }
        >
      >;
    };
    for (const path of [
      '/api/amsw0101',
      '/api/amsw0101/detail',
      '/api/amsw0103/detail',
      '/api/amsw0101/statistics',
      '/api/amsw0103/topic',
    ]) {
      const data = doc.paths[path]!.get!.responses['200']!.content!['application/json']!.schema.properties.data;
      expect(Object.keys(data.properties ?? {}).length, path).toBeGreaterThan(0);
      expect(data.properties, path).not.toHaveProperty('personId');
    }
    expect(doc.paths['/api/amsw0101/create']!.post).toBeDefined();
    expect(doc.paths['/api/amsw0102/emailVerify']!.post).toBeDefined();
  });
});
