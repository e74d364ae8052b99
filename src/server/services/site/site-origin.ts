import type { Logger } from 'pino';
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
  return (await configuredOrigin()) ?? localMailOrigin(rt.listeningPort);
}

/** Where mailed links point when SITE_URL is unset: this machine, on the listening port. */
function localMailOrigin(port: number | undefined): string {
  return `http://localhost:${port}`;
}

/**
 * Says at start where mailed links point. Without SITE_URL they point at localhost, which works
 * only on the server's own machine: anyone trying the portal from another address follows a mailed
 * link (reset, verification, payment) and lands on their own machine, or signed out. That is said
 * as a warning, so it shows at every log level but `error`.
 */
export function logMailLinks(log: Logger, siteUrl: string | undefined, port: number): void {
  if (siteUrl) {
    log.info(`mail links point at ${new URL(siteUrl).origin}`);
    return;
  }
  const origin = localMailOrigin(port);
  log.warn(
    `mail links point at ${origin}; set SITE_URL to the address people use to reach the portal ` +
      `(e.g. SITE_URL=http://192.168.1.20:${port}) so that links in mails work from other machines`,
  );
}
