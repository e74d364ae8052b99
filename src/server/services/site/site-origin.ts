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

/**
 * The origin of every link the portal mails (reset links, sign-in links): SITE_URL's, or where it
 * is unset `http://localhost:PORT` of the listening server. Never the request's own Host or
 * X-Forwarded-Host, which the visitor writes (a poisoned Host would mail a victim a link to
 * another site, carrying a live token).
 */
export async function mailOrigin(): Promise<string> {
  const rt = await runtime();
  return (await configuredOrigin()) ?? `http://localhost:${rt.listeningPort}`;
}
