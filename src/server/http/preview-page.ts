import type { AstroGlobal } from 'astro';
import { idParam } from '../../lib/schemas/common';
import { orNotFound } from '../app-error';

/**
 * A preview page's subject (`/preview/{kind}/{id}?token=`): loaded with the address's id and token
 * by `load`, which answers -6 for a missing, wrong or expired token as for an unknown subject.
 * The page is never cached; one with a well-formed id and nothing to show answers 404.
 */
export async function previewPage<T>(
  astro: AstroGlobal,
  param: string,
  load: (id: number, token: string | undefined) => Promise<T>,
): Promise<{ validId: boolean; found: T | null }> {
  astro.response.headers.set('Cache-Control', 'no-store');
  const id = idParam.safeParse(astro.params[param]);
  if (!id.success) return { validId: false, found: null };
  const found = await orNotFound(load(id.data, astro.url.searchParams.get('token') ?? undefined));
  if (!found) {
    astro.response.status = 404;
    astro.response.statusText = 'Not Found';
  }
  return { validId: true, found };
}
