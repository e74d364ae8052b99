import { runtime } from '../runtime';

/** The public origin for absolute links that leave the page: SITE_URL when set, else the request's. */
export async function siteOrigin(url: URL): Promise<string> {
  const { SITE_URL } = (await runtime()).config;
  return SITE_URL ? new URL(SITE_URL).origin : url.origin;
}
