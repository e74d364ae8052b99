import type { AstroCookies } from 'astro';
import { referencedFileIds } from '../../lib/file-references';
import { FILE_GRANT_COOKIE, FILE_GRANT_PATH, signFileGrant } from '../auth/file-grants';
import { runtime } from '../runtime';

/** How long a preview page's files stay open to its reader; opening the preview again renews it. */
const GRANT_SECONDS = 60 * 60;

/**
 * Lets the reader of a preview page load the files of what it shows (cover, portraits,
 * downloads, pictures in rich text), which the file address withholds while the content is
 * unpublished. The cookie goes only with file requests.
 */
export async function grantPreviewFiles(cookies: AstroCookies, secure: boolean, content: unknown): Promise<void> {
  const ids = referencedFileIds(content);
  if (ids.length === 0) return;
  const { secrets } = await runtime();
  cookies.set(FILE_GRANT_COOKIE, signFileGrant(secrets.signingKey, ids, new Date(Date.now() + GRANT_SECONDS * 1000)), {
    path: FILE_GRANT_PATH,
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge: GRANT_SECONDS,
  });
}
