import { z } from 'zod';
import { SOCIETY_TEXT_MAX, societyChangeView } from '@/lib/schemas/staff';

/** What every call sending the edited society file (or one section of it) shares: admins only, a body as large as the file. */
export const societyFileCall = {
  tags: ['staff'],
  auth: ['individual'] as ['individual'],
  roles: ['admin'] as const,
  maxBodyBytes: SOCIETY_TEXT_MAX + 4096,
};

/** The answer of an apply: each change made, as the check listed it. */
export const societyChanges = z.object({ changes: z.array(societyChangeView) });
