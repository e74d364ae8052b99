import type { APIContext, APIRoute, AstroCookies } from 'astro';
import type { z } from 'zod';
import { ErrorCode, type ErrorCodeValue } from '../../lib/error-codes';
import { parseLocale, type Locale } from '../../lib/locales';
import { localePath } from '../../lib/paths';
import { errorMessage } from '../../i18n';
import { logger, redactUrl } from '../logger';
import type { Role } from '../../lib/roles';
import { resolveSession, type Actor } from '../auth/sessions';
import { requireRole } from '../auth/staff-access';
import type { UserType } from '../db/schema';
import { runtime } from '../runtime';
import { clientAddress } from './client-address';
import { readCookie } from './cookies';
import { SESSION_COOKIE } from '../../lib/session';
import { AppError } from '../app-error';
import { isServiceUnavailable } from './unavailable';
import { isStorageFault } from '../integrations/storage/faults';
import { codeForIssues } from './validation';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

export interface HandlerContext<Q, B, A> {
  query: Q;
  body: B;
  locale: Locale;
  request: Request;
  requestId: string;
  /** The signed-in account (required by `auth`), or null where auth is optional. */
  actor: A;
  /**
   * The e-mail proof (the `EmailAuthorization` header) for operations that declare
   * `emailAuthorization`; always null for the others, so the OpenAPI document cannot miss one.
   */
  emailToken: string | null;
  /** The caller's address: the peer, or behind trusted proxies the right-most untrusted X-Forwarded-For hop. */
  clientIp(): Promise<string>;
  cookies: AstroCookies;
  url: URL;
  /** Reached over TLS: cookies set for this answer must be Secure. */
  tls: boolean;
}

/** Who may call: anyone, anyone with an optional session, or signed-in accounts of these types. */
export type AuthRule = 'none' | 'optional' | readonly UserType[];

/** The header that carries an e-mail proof (sign-up code or reset link), besides the session. */
export const EMAIL_AUTHORIZATION_HEADER = 'EmailAuthorization';

export interface Operation<
  QS extends z.ZodType | undefined,
  BS extends z.ZodType | undefined,
  R,
  AR extends AuthRule = 'none',
> {
  summary: string;
  description?: string;
  tags: string[];
  query?: QS;
  body?: BS;
  /** How the body arrives: JSON (default), a multipart form with files, or a URL-encoded form (the payment gateway's posts). */
  bodyType?: 'json' | 'multipart' | 'form';
  /** Largest file a multipart body may carry, in bytes (default 10 MiB). */
  maxFileBytes?: number;
  /** Largest whole multipart body, in bytes (default: one largest file plus 1 MiB of fields). */
  maxBodyBytes?: number;
  /** The schema of `data` on success; documents the answer in the OpenAPI document. */
  response?: z.ZodType<R>;
  /** Set when success answers raw bytes instead of the envelope. */
  binary?: boolean;
  /**
   * A page (unprefixed path) that a browser following a plain link is sent to (303) when the
   * operation answers an error, with the error's code and reason and the page the link was on:
   * a document that cannot be drawn answers a page in the reader's language (`lang` of the link),
   * not JSON a browser would save as the file. API clients (no `text/html` in `Accept`) keep the envelope.
   */
  errorPage?: string;
  /** Business codes this operation may answer besides 0 and the input codes. */
  codes?: ErrorCodeValue[];
  /** Public, shared data: allow browsers and the front cache to keep it briefly. */
  publicMaxAge?: number;
  /**
   * A GET that changes state (the spec's logout and unlinkLine): refused with -11 when the request
   * shows it comes from another site (fetch metadata, `Origin` or `Referer`), since SameSite=Lax
   * cookies ride along on top-level links.
   */
  sameSiteOnly?: boolean;
  /**
   * A GET that may write: a document issued the first time it is asked for (and a certificate's
   * older edition revoked), a LINE link begun. Refused while an office worker views a member's
   * pages, as every write is.
   */
  writes?: boolean;
  /**
   * The operation may change something while an office worker views a member's pages read-only
   * (signing out, ending the view). Every other write, and every GET marked `sameSiteOnly` or
   * `writes`, is refused to such a session (-11, `readOnlyView`).
   */
  whileViewing?: boolean;
  /** Default 'none'. A list of user types requires a session: -9 without one, -8 when it is invalid or expired, -11 for another user type. */
  auth?: AR;
  /**
   * Only holders of one of these roles (with `auth: ['individual']`): -11 for anyone else, and
   * -11 with `data.secondFactor` for a holder of a staff role whose session has not passed the
   * second factor.
   */
  roles?: readonly Role[];
  /**
   * The operation reads the `EmailAuthorization` header (handed to it as `emailToken`):
   * 'required' when it refuses without one, 'optional' when it also works without.
   */
  emailAuthorization?: 'required' | 'optional';
  /** The OpenAPI operationId; by default the method and the path (`get_amsw0101_statistics`). */
  operationId?: string;
  handle(
    ctx: HandlerContext<
      QS extends z.ZodType ? z.output<QS> : undefined,
      BS extends z.ZodType ? z.output<BS> : undefined,
      AR extends 'none' ? null : AR extends 'optional' ? Actor | null : Actor
    >,
  ): Promise<R | Response>;
}

export type Endpoint = APIRoute & {
  operation: Operation<z.ZodType | undefined, z.ZodType | undefined, unknown, AuthRule>;
};

/** Answers the envelope `{ code, data, message }` in the reader's language. */
export function envelope(
  code: number,
  data: unknown,
  locale: Locale,
  init: { status?: number; headers?: Record<string, string>; reason?: AppError['reason'] } = {},
): Response {
  const body = JSON.stringify({ code, data: data ?? null, message: errorMessage(code, locale, init.reason) });
  return new Response(body, {
    status: init.status ?? 200,
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': 'no-store',
      Vary: 'Lang',
      ...init.headers,
    },
  });
}

export function localeOf(request: Request): Locale {
  return parseLocale(request.headers.get('lang'));
}

export function requestIdOf(request: Request): string {
  return request.headers.get('x-request-id') ?? 'unknown';
}

class InputError extends Error {
  constructor(
    readonly code: ErrorCodeValue,
    readonly fields: string[] = [],
  ) {
    super(`InputError ${code}`);
  }
}

function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const { code, fields } = codeForIssues(result.error.issues, input);
  throw new InputError(code, fields);
}

export const MAX_JSON_BYTES = 1024 * 1024;
export const DEFAULT_MAX_FILE_BYTES = 10 * 1024 * 1024;

/**
 * The body's bytes, refused as soon as it is known to exceed `limit`: at once from a declared
 * `Content-Length`, else while reading, so an oversized body is never held in memory.
 */
async function readLimited(request: Request, limit: number, tooLarge: InputError): Promise<Buffer> {
  const declared = Number(request.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > limit) throw tooLarge;
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => {});
      throw tooLarge;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/**
 * A `Content-Type` header read as its media type (lower case) and parameters, or null when it is
 * not one (`type/subtype` then `; name=value` pairs, a value optionally quoted).
 */
export function mediaTypeOf(header: string | null): { type: string; params: Map<string, string> } | null {
  if (!header) return null;
  const [type = '', ...rest] = header.split(';');
  const essence = type.trim().toLowerCase();
  if (!/^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+$/.test(essence)) return null;
  const params = new Map<string, string>();
  for (const part of rest) {
    if (part.trim() === '') continue;
    const m = /^\s*([a-z0-9!#$&^_.+-]+)\s*=\s*("[^"]*"|[^\s"]*)\s*$/i.exec(part);
    if (!m) return null;
    params.set(m[1]!.toLowerCase(), m[2]!.replace(/^"(.*)"$/, '$1'));
  }
  return { type: essence, params };
}

/**
 * A JSON body is sent as exactly `application/json`, with at most a `charset` of UTF-8: a
 * browser sends no other type cross-site without asking first, and `text/plain; x=application/json`
 * (which it does send) is not JSON.
 */
export function isJsonContentType(header: string | null): boolean {
  const media = mediaTypeOf(header);
  if (media?.type !== 'application/json') return false;
  for (const [name, value] of media.params)
    if (name !== 'charset' || !['utf-8', 'utf8'].includes(value.toLowerCase())) return false;
  return true;
}

async function readJson(request: Request): Promise<unknown> {
  if (!isJsonContentType(request.headers.get('content-type'))) throw new InputError(ErrorCode.REQUEST_FORMAT);
  const bytes = await readLimited(request, MAX_JSON_BYTES, new InputError(ErrorCode.REQUEST_FORMAT));
  try {
    return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    throw new InputError(ErrorCode.REQUEST_FORMAT);
  }
}

/** A multipart (or URL-encoded) form as an object: repeated names become arrays, files stay File objects. */
async function readMultipart(
  request: Request,
  maxFileBytes: number,
  maxBodyBytes: number,
  expected = 'multipart/form-data',
): Promise<unknown> {
  const type = request.headers.get('content-type') ?? '';
  if (mediaTypeOf(type)?.type !== expected) throw new InputError(ErrorCode.FORM_DATA);
  const bytes = await readLimited(request, maxBodyBytes, new InputError(ErrorCode.FILE_TOO_LARGE));
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(bytes), { headers: { 'Content-Type': type } }).formData();
  } catch {
    throw new InputError(ErrorCode.FORM_DATA);
  }
  const result: Record<string, unknown> = {};
  const tooLarge: string[] = [];
  for (const [name, value] of form.entries()) {
    if (typeof value !== 'string' && value.size > maxFileBytes) tooLarge.push(name);
    const previous = result[name];
    result[name] = previous === undefined ? value : Array.isArray(previous) ? [...previous, value] : [previous, value];
  }
  if (tooLarge.length) throw new InputError(ErrorCode.FILE_TOO_LARGE, [...new Set(tooLarge)]);
  return result;
}

/**
 * Answers an unexpected failure with the request id and never a stack: HTTP 503 and -997 when a
 * service we depend on (the database) cannot be reached, so browsers show the maintenance
 * screen; HTTP 507 and -997 with a message saying so when the file storage is full or cannot be
 * written (only uploads fail: the page stays and says why); otherwise HTTP 500 and -999.
 */
export function unexpected(error: unknown, request: Request, locale: Locale): Response {
  const requestId = requestIdOf(request);
  if (isStorageFault(error)) {
    logger().error({ err: error, requestId, url: redactUrl(request.url) }, `file storage ${error.kind}`);
    return envelope(ErrorCode.MICROSERVICE, { requestId }, locale, {
      status: 507,
      reason: { key: error.kind === 'full' ? 'storageFull' : 'storageReadOnly' },
    });
  }
  if (isServiceUnavailable(error)) {
    logger().error({ err: error, requestId, url: redactUrl(request.url) }, 'service unavailable');
    return envelope(ErrorCode.MICROSERVICE, { requestId }, locale, { status: 503, headers: { 'Retry-After': '30' } });
  }
  logger().error({ err: error, requestId, url: redactUrl(request.url) }, 'unexpected failure');
  return envelope(ErrorCode.EXCEPTION, { requestId }, locale, { status: 500 });
}

/**
 * The one way to write an API endpoint: validate the query and body with zod, run the service,
 * answer the envelope. Services never see bad input.
 */
export function endpoint<
  QS extends z.ZodType | undefined = undefined,
  BS extends z.ZodType | undefined = undefined,
  R = unknown,
  AR extends AuthRule = 'none',
>(operation: Operation<QS, BS, R, AR>): Endpoint {
  const route: APIRoute = async (context: APIContext) => {
    const { request, url } = context;
    const locale = localeOf(request);
    try {
      if (operation.sameSiteOnly && isCrossSiteRequest(request)) throw new AppError(ErrorCode.NO_PERMISSION);
      const actor = await authenticate(request, operation.auth ?? 'none');
      if (
        actor?.viewing &&
        (request.method !== 'GET' || operation.sameSiteOnly || operation.writes) &&
        !operation.whileViewing
      )
        throw new AppError(ErrorCode.NO_PERMISSION, null, { key: 'readOnlyView' });
      if (operation.roles) requireRole(actor!, ...operation.roles);
      const query = operation.query ? parse(operation.query, Object.fromEntries(url.searchParams)) : undefined;
      const raw = !operation.body
        ? undefined
        : operation.bodyType === 'multipart'
          ? await readMultipart(
              request,
              operation.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES,
              operation.maxBodyBytes ?? (operation.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES) + MAX_JSON_BYTES,
            )
          : operation.bodyType === 'form'
            ? await readMultipart(request, 0, MAX_JSON_BYTES, 'application/x-www-form-urlencoded')
            : await readJson(request);
      const body = operation.body ? parse(operation.body, raw) : undefined;
      const data = await operation.handle({
        query: query as never,
        body: body as never,
        locale,
        request,
        requestId: requestIdOf(request),
        actor: actor as never,
        emailToken: operation.emailAuthorization ? request.headers.get(EMAIL_AUTHORIZATION_HEADER) : null,
        clientIp: () => clientIpOf(context),
        cookies: context.cookies,
        url,
        tls: context.locals?.tls ?? false,
      });
      if (data instanceof Response) return data;
      // Never public when answered to someone signed in (the middleware enforces it too).
      const headers: Record<string, string> =
        operation.publicMaxAge && !sessionTokenOf(request)
          ? { 'Cache-Control': `public, max-age=${operation.publicMaxAge}` }
          : {};
      return envelope(ErrorCode.SUCCESS, data, locale, { headers });
    } catch (error) {
      if (operation.errorPage && (error instanceof InputError || error instanceof AppError) && wantsPage(request))
        return errorPageRedirect(operation.errorPage, error, url, request, locale);
      if (error instanceof InputError) {
        return envelope(error.code, error.fields.length ? { fields: error.fields } : null, locale);
      }
      if (error instanceof AppError) return envelope(error.code, error.data, locale, { reason: error.reason });
      return unexpected(error, request, locale);
    }
  };
  return Object.assign(route, { operation }) as Endpoint;
}

/** A browser following a link (it asks for a page), not an API client. */
function wantsPage(request: Request): boolean {
  return request.method === 'GET' && (request.headers.get('accept') ?? '').includes('text/html');
}

/** Sends a browser to `page` in the link's language with what went wrong and the page it came from. */
function errorPageRedirect(page: string, error: InputError | AppError, url: URL, request: Request, locale: Locale) {
  const lang = parseLocale(url.searchParams.get('lang') ?? locale);
  const params = new URLSearchParams({ code: String(error.code) });
  if (error instanceof AppError && error.reason) params.set('reason', error.reason.key);
  const referer = request.headers.get('referer');
  try {
    const from = referer ? new URL(referer) : null;
    if (from && from.host === url.host) params.set('back', from.pathname + from.search);
  } catch {
    // An unreadable Referer: the page offers the way home only.
  }
  return new Response(null, {
    status: 303,
    headers: { Location: `${localePath(page, lang)}?${params}`, 'Cache-Control': 'no-store' },
  });
}

/**
 * Whether a request was started by another site: the browser says so (Sec-Fetch-Site), or its
 * `Origin` or `Referer` names another host (or an opaque `null` origin). A request with neither
 * (typed address, API client) passes.
 */
export function isCrossSiteRequest(request: Request): boolean {
  const site = request.headers.get('sec-fetch-site');
  if (site !== null && site !== 'same-origin' && site !== 'none') return true;
  const host = request.headers.get('host') ?? new URL(request.url).host;
  for (const name of ['origin', 'referer']) {
    const value = request.headers.get(name);
    if (value === null || value === '') continue;
    if (value === 'null') return true;
    try {
      if (new URL(value).host !== host) return true;
    } catch {
      return true;
    }
  }
  return false;
}

/** The session token a request carries: the browser's cookie, or an API client's bearer token. */
export function sessionTokenOf(request: Request): string | null {
  const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.get('authorization') ?? '');
  if (bearer) return bearer[1]!;
  return readCookie(request.headers.get('cookie'), SESSION_COOKIE);
}

async function authenticate(request: Request, rule: AuthRule): Promise<Actor | null> {
  if (rule === 'none') return null;
  const token = sessionTokenOf(request);
  const actor = token ? await resolveSession(token) : null;
  if (rule === 'optional') return actor;
  if (!token) throw new AppError(ErrorCode.NOT_LOGGED_IN);
  if (!actor) throw new AppError(ErrorCode.TOKEN_INVALID);
  if (!rule.includes(actor.userType)) throw new AppError(ErrorCode.NO_PERMISSION);
  return actor;
}

/** The caller's address for an endpoint or a page (`Astro` has the same two members). */
export async function clientIpOf(context: Pick<APIContext, 'clientAddress' | 'request'>): Promise<string> {
  const { config } = await runtime();
  let peer = '';
  try {
    peer = context.clientAddress;
  } catch {
    // no socket address (astro dev without one): the forwarded chain alone cannot be trusted
  }
  return clientAddress(peer, context.request.headers.get('x-forwarded-for'), config.TRUST_PROXY);
}

/** Any other method on a known path: code -4. */
export const methodNotAllowed: APIRoute = ({ request }) =>
  envelope(ErrorCode.METHOD_FORMAT, null, localeOf(request), { status: 405 });
