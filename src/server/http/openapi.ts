import { z } from 'zod';
import { ErrorCode } from '../../lib/error-codes';
import { errorMessage } from '../../i18n';
import type { Endpoint, HttpMethod } from './endpoint';

const METHODS: HttpMethod[] = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'];

function jsonSchema(schema: z.ZodType, io: 'input' | 'output') {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<
    string,
    unknown
  >;
  return rest;
}

/** `./amsw0201/webInfo.ts` -> `/api/amsw0201/webInfo`; `index.ts` names its folder. */
export function apiPathOf(file: string): string {
  const path = file
    .replace(/^\.\//, '')
    .replace(/\.ts$/, '')
    .replace(/(^|\/)index$/, '');
  return `/api/${path}`.replace(/\/$/, '');
}

/**
 * The OpenAPI 3.1 document, generated from the endpoints' own zod schemas, so the contract
 * cannot drift from what the server checks.
 */
export function buildOpenApi(modules: Record<string, Record<string, unknown>>, serverUrl: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  const codes = Object.values(ErrorCode)
    .map((c) => `${c}: ${errorMessage(c, 'en-us')}`)
    .join('; ');
  for (const [file, mod] of Object.entries(modules).sort(([a], [b]) => a.localeCompare(b))) {
    for (const method of METHODS) {
      const handler = mod[method] as Endpoint | undefined;
      if (!handler?.operation) continue;
      const op = handler.operation;
      const parameters = op.query
        ? Object.entries((jsonSchema(op.query, 'input').properties ?? {}) as Record<string, unknown>).map(
            ([name, schema]) => ({
              name,
              in: 'query',
              required: ((jsonSchema(op.query!, 'input').required as string[] | undefined) ?? []).includes(name),
              schema,
            }),
          )
        : [];
      const envelopeSchema = {
        type: 'object',
        required: ['code', 'data', 'message'],
        properties: {
          code: { type: 'integer', description: 'Business code; 0 is success' },
          data: op.response ? jsonSchema(op.response, 'output') : {},
          message: { type: 'string', description: 'In the language of the Lang header' },
        },
      };
      const success = op.binary
        ? { description: 'The stored bytes', content: { '*/*': { schema: { type: 'string', format: 'binary' } } } }
        : { description: 'Envelope with code 0', content: { 'application/json': { schema: envelopeSchema } } };
      paths[apiPathOf(file)] ??= {};
      paths[apiPathOf(file)]![method.toLowerCase()] = {
        summary: op.summary,
        description: op.description,
        tags: op.tags,
        parameters: [
          {
            name: 'Lang',
            in: 'header',
            required: false,
            schema: { type: 'string', enum: ['zh-tw', 'en-us'], default: 'zh-tw' },
          },
          ...parameters,
        ],
        requestBody: op.body
          ? {
              required: true,
              content: {
                [op.bodyType === 'multipart' ? 'multipart/form-data' : 'application/json']: {
                  schema: jsonSchema(op.body, 'input'),
                },
              },
            }
          : undefined,
        responses: {
          '200': success,
          default: {
            description: `Envelope with a business code. Codes this operation answers besides the input codes (-1, -2, -5, -10): ${(op.codes ?? []).join(', ') || 'none'}`,
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Envelope' } } },
          },
        },
      };
    }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Society portal API',
      version: '1',
      description: `Every JSON answer is the envelope { code, data, message }. Codes: ${codes}.`,
    },
    servers: [{ url: serverUrl }],
    paths,
    components: {
      schemas: {
        Envelope: {
          type: 'object',
          required: ['code', 'data', 'message'],
          properties: { code: { type: 'integer' }, data: {}, message: { type: 'string' } },
        },
      },
    },
  };
}
