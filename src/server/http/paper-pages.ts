import type { AstroGlobal } from 'astro';
import { listFormat } from '../../lib/intl';
import type { Locale } from '../../lib/locales';
import { localePath } from '../../lib/paths';
import type { PaperView } from '../../lib/schemas/papers';
import { idFrom } from '../../lib/schemas/common';
import type { Actor } from '../auth/sessions';
import { areaOf } from '../services/accounts/area-of';
import { type CallView, loadCalls, viewCall } from '../services/papers/calls';
import { getOwnPaper } from '../services/papers/papers';
import { guardArea } from './account-page';
import { orNotFound } from '../app-error';

/** The authors' entrance of the reader's area (unprefixed): members and web users each have one. */
export function authorEntrance(actor: Actor): string {
  return areaOf(actor) === 'webUser' ? '/webUser/post/entrance' : '/member/post/notice/entrance';
}

export interface OwnPaperPage {
  actor: Actor;
  /** The reader's own paper, or null (another's, unknown, or a malformed id): the page answers 404. */
  paper: PaperView | null;
  /** The id was malformed (the 404 page says so). */
  invalid: boolean;
  /** Its call as the reader sees it (from the cached calls, no statement). */
  call: CallView | null;
}

/**
 * A page about one of the reader's own papers (its page, its form, its authorisation): the
 * member or web user guard, the paper by `[paperId]` in the path (`from: 'path'`) or `?paperId=`
 * (`from: 'query'`: without it, the reader's entrance), read in one statement with `getOwnPaper`.
 */
export async function ownPaperPage(astro: AstroGlobal, from: 'path' | 'query'): Promise<Response | OwnPaperPage> {
  const actor = await guardArea(astro, ['member', 'webUser']);
  if (actor instanceof Response) return actor;
  const { locale } = astro.locals;
  const query = astro.url.searchParams;
  if (from === 'query' && !query.has('paperId')) return astro.redirect(localePath(authorEntrance(actor), locale), 302);
  const id = idFrom(from === 'path' ? astro.params.paperId : query.get('paperId'));
  const paper = id === null ? null : await orNotFound(getOwnPaper(actor, id, locale));
  if (!paper) return { actor, paper, invalid: id === null, call: null };
  const calls = await loadCalls();
  const row = calls.rows.find((c) => c.id === paper.postId);
  return { actor, paper, invalid: false, call: row ? viewCall(row, calls, locale, 0) : null };
}

/** The parts of a paper the editor reopened, named in a sentence of `locale` ("the title and the abstract"). */
export function reopenedParts(paper: PaperView, t: (key: string) => string, locale: Locale): string {
  return listFormat(locale).format(paper.editable.map((part) => t(`papers:partsInText.${part}`)));
}
