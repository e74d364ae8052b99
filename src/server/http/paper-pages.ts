import type { Actor } from '../auth/sessions';
import { areaOf } from '../services/accounts/area-of';

/** The authors' entrance of the reader's area (unprefixed): members and web users each have one. */
export function authorEntrance(actor: Actor): string {
  return areaOf(actor) === 'webUser' ? '/webUser/post/entrance' : '/member/post/notice/entrance';
}
