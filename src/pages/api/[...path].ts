import type { APIRoute } from 'astro';
import { ErrorCode } from '@/lib/error-codes';
import { envelope, localeOf } from '@/server/http/endpoint';

/** Any /api path no endpoint answers: code -20. */
export const ALL: APIRoute = ({ request }) => envelope(ErrorCode.NO_ROUTE, null, localeOf(request), { status: 404 });
