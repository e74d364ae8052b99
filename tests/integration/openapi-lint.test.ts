import { createConfig, lintFromString } from '@redocly/openapi-core';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { baseUrl } from './helpers';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

interface Operation {
  operationId?: string;
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: string; required?: boolean }[];
  responses?: Record<string, { content?: Record<string, { schema?: { properties?: { data?: unknown } } }> }>;
}

async function openApiText(): Promise<string> {
  const response = await fetch(`${baseUrl()}/api/openapi.json`);
  expect(response.status).toBe(200);
  return response.text();
}

describe('the OpenAPI document', () => {
  it("passes Redocly's recommended rules with no error and no warning", async () => {
    const source = await openApiText();
    const config = await createConfig({
      extends: ['recommended'],
      rules: {
        // The portal's code is published under no licence (package.json is private, there is no
        // LICENSE file), so the document names none rather than invent one.
        'info-license': 'off',
        // Business refusals are answered with HTTP 200 and the envelope's code, which each
        // operation's `default` response documents. The only 4xx an operation itself meets is the
        // origin check's 403 on writes, which the document lists; reads have none to declare.
        'operation-4xx-response': 'off',
      },
    });
    const problems = await lintFromString({ source, absoluteRef: `${baseUrl()}/api/openapi.json`, config });
    const report = problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer ?? ''}`);
    expect(report).toEqual([]);
  });

  it('gives every operation a unique operationId and a security requirement', async () => {
    const document = JSON.parse(await openApiText()) as {
      paths: Record<string, Record<string, Operation>>;
      components: { securitySchemes: Record<string, unknown> };
    };
    const ids: string[] = [];
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        if (!METHODS.includes(method)) continue;
        expect(operation.operationId, `${method} ${path}`).toMatch(/^[A-Za-z0-9_]+$/);
        ids.push(operation.operationId!);
        expect(Array.isArray(operation.security), `${method} ${path}`).toBe(true);
        for (const requirement of operation.security!) {
          for (const scheme of Object.keys(requirement)) {
            expect(document.components.securitySchemes, `${method} ${path}`).toHaveProperty(scheme);
          }
        }
      }
    }
    expect(ids.length).toBeGreaterThan(30);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("declares each operation's access as the server enforces it", async () => {
    const { paths } = JSON.parse(await openApiText()) as { paths: Record<string, Record<string, Operation>> };
    const session = [{ sessionCookie: [] }, { bearerToken: [] }];
    // Public reading: no credentials.
    expect(paths['/api/amsw0201/webInfo']!.get!.security).toEqual([]);
    // Signed-in accounts only.
    expect(paths['/api/amsw0101']!.get!.security).toEqual(session);
    // A session is welcome but not needed.
    expect(paths['/api/amsw0101/logout']!.get!.security).toEqual([{}, ...session]);
    // The e-mail proof, without a session.
    expect(paths['/api/amsw0101/create']!.post!.security).toEqual([{ emailAuthorization: [] }]);
    expect(paths['/api/amsw0101/resetCid']!.put!.security).toEqual([{ emailAuthorization: [] }]);
    expect(paths['/api/amsw0101/statistics']!.get!.operationId).toBe('get_amsw0101_statistics');
  });

  it('documents every answer of the public GETs without parameters as it is (no key left out)', async () => {
    const { paths } = JSON.parse(await openApiText()) as { paths: Record<string, Record<string, Operation>> };
    const checked: string[] = [];
    for (const [path, item] of Object.entries(paths)) {
      const operation = item.get;
      if (!operation || path.includes('{') || (operation.security ?? []).length > 0) continue;
      if ((operation.parameters ?? []).some((p) => p.in !== 'header')) continue;
      const documented = operation.responses?.['200']?.content?.['application/json']?.schema?.properties?.data;
      if (!documented) continue; // bytes, not an envelope
      const schema = z.fromJSONSchema(documented as Parameters<typeof z.fromJSONSchema>[0]);
      for (const lang of ['zh-tw', 'en-us']) {
        const response = await fetch(`${baseUrl()}${path}`, { headers: { Lang: lang } });
        const body = (await response.json()) as { code: number; data: unknown };
        expect(body.code, `${path} (${lang})`).toBe(0);
        const parsed = schema.safeParse(body.data);
        expect(parsed.error?.issues ?? [], `${path} (${lang})`).toEqual([]);
      }
      checked.push(path);
    }
    expect(checked).toEqual(
      expect.arrayContaining(['/api/amsw0201/webInfo', '/api/amsw0201/langCode', '/api/amsw0202']),
    );
  });
});
