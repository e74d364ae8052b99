import { randomUUID } from 'node:crypto';
import { defineMiddleware } from 'astro:middleware';
import { LOCALE_COOKIE, parseLocale } from '@/lib/locales';
import { localePath, requiresLogin, splitLocale } from '@/lib/paths';
import { resolveSession } from '@/server/auth/sessions';
import { securityHeaders } from '@/server/http/security-headers';
import { isTlsRequest } from '@/server/http/transport';
import { startedRuntime } from '@/server/start';
import { isCrossSiteWrite } from '@/server/http/origin-check';
import { isSignedGatewayPost } from '@/lib/gateway-paths';
import { envelope } from '@/server/http/endpoint';
import { ErrorCode } from '@/lib/error-codes';
import { SESSION_COOKIE } from '@/lib/session';
import { errorMessage } from '@/i18n';

/**
 * Every page request: find the language from the address, remember what was asked, rewrite a
 * prefixed address to its one page file, and add the security headers.
 */
export const onRequest = defineMiddleware(async (context, next) => {
  const { url, request, locals, cookies } = context;
  locals.requestId = request.headers.get('x-request-id') ?? randomUUID();
  // The built front takes a page address's prefix off itself (server/front/locale-prefix.ts) and
  // says what was asked; under `astro dev` the prefix is still on the address and rewritten below.
  const taken = locals.localePrefix;
  const { prefix, path } = taken ? { prefix: taken, path: url.pathname } : splitLocale(url.pathname);
  locals.requestedPath = taken ? locals.requestedPath : url.pathname;
  locals.routePath = path;

  locals.actor = null;
  const { config } = await startedRuntime();
  locals.tls = isTlsRequest(config, url.protocol, request.headers.get('x-forwarded-proto'));
  const signedIn = cookies.has(SESSION_COOKIE) || request.headers.has('authorization');
  const api = path.startsWith('/api/') || path === '/api';
  // Every write from another site is refused, API call or page form (the payment simulator's, a
  // sign-in form…); only the gateway's signed posts come cross-site.
  const crossSite = !isSignedGatewayPost(path) && isCrossSiteWrite(request, cookies.has(SESSION_COOKIE));
  if (api) {
    locals.locale = parseLocale(request.headers.get('lang'));
    if (crossSite) {
      return withHeaders(envelope(ErrorCode.NO_PERMISSION, null, locals.locale, { status: 403 }), false, locals.tls);
    }
    return withHeaders(await next(), false, locals.tls, signedIn);
  }
  if (crossSite) {
    const refused = new Response(errorMessage(ErrorCode.NO_PERMISSION, prefix ?? 'zh-tw'), {
      status: 403,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
    });
    return withHeaders(refused, false, locals.tls);
  }

  // An unprefixed address is zh-tw, unless the reader chose English earlier.
  if (!prefix && cookies.get(LOCALE_COOKIE)?.value === 'en-us' && request.method === 'GET') {
    return context.redirect(localePath(path, 'en-us') + url.search, 302);
  }
  locals.locale = prefix ?? 'zh-tw';
  const token = cookies.get(SESSION_COOKIE)?.value;
  locals.actor = token ? await resolveSession(token) : null;
  // A member's pages viewed by the office are read-only: no page form is taken either.
  if (locals.actor?.viewing && request.method !== 'GET' && request.method !== 'HEAD') {
    const refused = new Response(errorMessage(ErrorCode.NO_PERMISSION, locals.locale, { key: 'readOnlyView' }), {
      status: 403,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
    });
    return withHeaders(refused, false, locals.tls, true);
  }
  if (!locals.actor && requiresLogin(path)) {
    const back = encodeURIComponent(locals.requestedPath + url.search);
    return withHeaders(
      context.redirect(`${localePath('/login', locals.locale)}?redirect=${back}`, 302),
      true,
      locals.tls,
    );
  }
  const response = prefix && !taken ? await next(new URL(path + url.search, url)) : await next();
  return withHeaders(response, true, locals.tls, signedIn || locals.actor !== null);
});

/**
 * Security headers on every answer. Pages are personal unless they say otherwise
 * (src/server/http/cache-control.ts), and anything answered to a request that carries a session
 * is never public, whatever the page declared: no cache may keep what was rendered for someone.
 */
function withHeaders(response: Response, html: boolean, tls: boolean, personal = false): Response {
  if (personal && /\bpublic\b/.test(response.headers.get('Cache-Control') ?? '')) {
    response.headers.set('Cache-Control', 'private, no-store');
  }
  if (html && !response.headers.has('Cache-Control')) response.headers.set('Cache-Control', 'no-store');
  for (const [name, value] of Object.entries(securityHeaders(html, tls))) {
    if (!response.headers.has(name)) response.headers.set(name, value);
  }
  return response;
}
