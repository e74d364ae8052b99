import type { StoredFile } from '../services/site/read-file';

/** Types a browser may show inline; anything else downloads. */
const INLINE = /^(image\/(png|jpeg|gif|webp|avif|svg\+xml)|application\/pdf|text\/plain)$/;

/**
 * Streams stored bytes with their own type. Files are immutable by id, so browsers keep them a
 * day and revalidate with the ETag. The sandbox CSP stops an uploaded SVG or HTML from running.
 */
export async function fileResponse(file: StoredFile, request: Request): Promise<Response> {
  const headers = new Headers({
    'Content-Type': file.contentType,
    ETag: file.etag,
    // A withheld file (a draft's) is for its preview holder only: no cache may keep it.
    'Cache-Control': file.withheld ? 'private, no-store' : 'public, max-age=86400, stale-while-revalidate=604800',
    'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox",
    'X-Content-Type-Options': 'nosniff',
    'Content-Disposition': `${INLINE.test(file.contentType) ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(file.name)}`,
  });
  const ifNoneMatch = request.headers.get('if-none-match');
  if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim() === file.etag)) {
    return new Response(null, { status: 304, headers });
  }
  headers.set('Content-Length', String(file.size));
  return new Response(await file.open(), { status: 200, headers });
}
