import { z } from 'zod';
import { ErrorCode } from '../../lib/error-codes';
import { errorMessage } from '../../i18n';
import { SESSION_COOKIE } from '../../lib/session';
import { EMAIL_AUTHORIZATION_HEADER, type AuthRule, type Endpoint, type HttpMethod, type Operation } from './endpoint';

const METHODS: HttpMethod[] = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'];

function jsonSchema(schema: z.ZodType, io: 'input' | 'output') {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<
    string,
    unknown
  >;
  return rest;
}

const BODY_TYPES = {
  json: 'application/json',
  multipart: 'multipart/form-data',
  form: 'application/x-www-form-urlencoded',
} as const;

/** `./amsw0201/webInfo.ts` -> `/api/amsw0201/webInfo`; `index.ts` names its folder. */
export function apiPathOf(file: string): string {
  const path = file
    .replace(/^\.\//, '')
    .replace(/\.ts$/, '')
    .replace(/(^|\/)index$/, '');
  return `/api/${path}`.replace(/\/$/, '');
}

/** The ways to show who calls, as `components.securitySchemes`. */
export const SECURITY_SCHEMES = {
  sessionCookie: {
    type: 'apiKey',
    in: 'cookie',
    name: SESSION_COOKIE,
    description: 'The session cookie the login operations set (browsers).',
  },
  bearerToken: {
    type: 'http',
    scheme: 'bearer',
    description: 'The token the login operations answer, as `Authorization: Bearer <token>` (API clients).',
  },
  emailAuthorization: {
    type: 'apiKey',
    in: 'header',
    name: EMAIL_AUTHORIZATION_HEADER,
    description:
      'Proof of an e-mail address: the token answered by amsw0102/emailVerify (sign-up) or carried by the link of the reset mail.',
  },
} as const;

type SecurityRequirement = Partial<Record<keyof typeof SECURITY_SCHEMES, string[]>>;

/**
 * An operation's `security`, from the rules endpoint() enforces: any one of the requirements
 * will do, and `{}` means no credentials. No credentials at all is `[]`.
 */
export function securityOf(op: {
  auth?: AuthRule | undefined;
  emailAuthorization?: Operation<undefined, undefined, unknown>['emailAuthorization'];
}) {
  const auth = op.auth ?? 'none';
  const session: SecurityRequirement[] = [{ sessionCookie: [] }, { bearerToken: [] }];
  let requirements: SecurityRequirement[] = auth === 'none' ? [{}] : auth === 'optional' ? [{}, ...session] : session;
  if (op.emailAuthorization) {
    const withProof = requirements.map((r) => ({ ...r, emailAuthorization: [] }));
    requirements = op.emailAuthorization === 'required' ? withProof : [...requirements, ...withProof];
  }
  return requirements.length === 1 && Object.keys(requirements[0]!).length === 0 ? [] : requirements;
}

/** `get` + `/api/amsw0101/statistics` -> `get_amsw0101_statistics`: stable as long as the address is. */
export function operationIdOf(method: HttpMethod, path: string): string {
  const rest = path.replace(/^\/api\/?/, '').replace(/[^A-Za-z0-9]+/g, '_');
  return `${method.toLowerCase()}_${rest}`.replace(/_+$/, '');
}

const WRITE_METHODS = new Set<HttpMethod>(['POST', 'PUT', 'DELETE', 'PATCH']);

/**
 * The OpenAPI 3.1 document, generated from the endpoints' own zod schemas, so the contract
 * cannot drift from what the server checks.
 */
export function buildOpenApi(modules: Record<string, Record<string, unknown>>, serverUrl: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  const operationIds = new Set<string>();
  const codes = Object.values(ErrorCode)
    .map((c) => `${c}: ${errorMessage(c, 'en-us')}`)
    .join('; ');
  for (const [file, mod] of Object.entries(modules).sort(([a], [b]) => a.localeCompare(b))) {
    for (const method of METHODS) {
      const handler = mod[method] as Endpoint | undefined;
      if (!handler?.operation) continue;
      const op = handler.operation;
      const operationId = op.operationId ?? operationIdOf(method, apiPathOf(file));
      if (operationIds.has(operationId)) throw new Error(`Duplicate operationId ${operationId} (${file})`);
      operationIds.add(operationId);
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
        operationId,
        summary: op.summary,
        description: op.roles
          ? [op.description, `Only for holders of: ${op.roles.join(', ')} (staff roles after the second factor).`]
              .filter(Boolean)
              .join('\n\n')
          : op.description,
        tags: op.tags,
        // The roles that may call it, read by clients and by the authorisation test of every staff operation.
        ...(op.roles ? { 'x-roles': [...op.roles] } : {}),
        security: securityOf(op),
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
                [BODY_TYPES[op.bodyType ?? 'json']]: {
                  schema: jsonSchema(op.body, 'input'),
                },
              },
            }
          : undefined,
        responses: {
          '200': success,
          // The origin check (middleware) refuses a write another site started, before any operation runs.
          ...(WRITE_METHODS.has(method)
            ? {
                '403': {
                  description:
                    'A write started by another site (cross-site Origin, or a session cookie without a same-site Origin): code -11',
                  content: { 'application/json': { schema: { $ref: '#/components/schemas/Envelope' } } },
                },
              }
            : {}),
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
      securitySchemes: SECURITY_SCHEMES,
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
