import { runtime } from '../../runtime';

/** The configured public origin (SITE_URL), or null when the site answers for the request's own host. */
export async function configuredOrigin(): Promise<string | null> {
  const { SITE_URL } = (await runtime()).config;
  return SITE_URL ? new URL(SITE_URL).origin : null;
}

/** The origin of absolute links that leave the page (feeds, sitemap, calendar files): SITE_URL when set, else the request's. */
export async function siteOrigin(requestOrigin: string): Promise<string> {
  return (await configuredOrigin()) ?? requestOrigin;
}
