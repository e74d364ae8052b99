import type { AstroGlobal } from 'astro';
import { idFrom } from '../../lib/schemas/common';
import type { Actor } from '../auth/sessions';
import { type CertificationKind, getPublishedKind } from '../services/credits/certifications';
import { guardArea } from './account-page';

/**
 * An organisation's page under one certification (`/organ/center/contiEdu/{certificationId}/…`):
 * the organisation and the published certification, or `kind: null` (the page answers 404) for an
 * unknown, unpublished or malformed one. Anyone else is sent to their own centre.
 */
export async function organCertificationPage(
  astro: AstroGlobal,
): Promise<Response | { actor: Actor; kind: CertificationKind | null; invalid: boolean }> {
  const actor = await guardArea(astro, ['organ']);
  if (actor instanceof Response) return actor;
  const id = idFrom(astro.params.certificationId);
  const kind = id === null ? null : await getPublishedKind(id);
  return { actor, kind, invalid: id === null };
}
