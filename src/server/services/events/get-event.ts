import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { ErrorCode } from '../../../lib/error-codes';
import { formatFee } from '../../../lib/event-format';
import { pickText } from '../../../lib/i18n-text';
import { safeWebUrl } from '../../../lib/safe-url';
import type { Locale } from '../../../lib/locales';
import type { eventDetailResponse } from '../../../lib/schemas/events';
import { verifyPreviewToken } from '../../auth/preview-tokens';
import { events } from '../../db/schema';
import { AppError } from '../../app-error';
import { runtime } from '../../runtime';
import { attachmentViews } from '../content/attachments';
import { eventIsPublic } from '../content/visibility';
import { sanitizeRichText } from '../content/sanitize-html';
import { EVENT_TTL_MS, selectEvents, toListItem, type ListRow } from './event-views';

export type EventDetail = z.infer<typeof eventDetailResponse>;

/** One published event with everything its page shows; unknown or unpublished: -18. */
export async function getEvent(eventId: number, locale: Locale): Promise<EventDetail> {
  const rt = await runtime();
  return rt.cache.get(
    `event:${eventId}:${locale}`,
    async () => {
      const [row] = await selectEvents(rt.database.db)
        .where(and(eq(events.id, eventId), eventIsPublic(new Date())))
        .limit(1);
      if (!row) throw new AppError(ErrorCode.NO_ACTIVITY);
      return toDetail(row, locale);
    },
    EVENT_TTL_MS,
  );
}

/**
 * An event as its preview link shows it, drafts included, only with a valid, unexpired token
 * signed for this event. A bad token answers -18 like an unknown id, so a link reveals nothing.
 * Never cached: a draft must not reach a public answer.
 */
export async function getEventPreview(
  eventId: number,
  token: string | undefined,
  locale: Locale,
): Promise<EventDetail> {
  const rt = await runtime();
  if (!verifyPreviewToken(rt.secrets.signingKey, token, 'event', eventId)) throw new AppError(ErrorCode.NO_ACTIVITY);
  const [row] = await selectEvents(rt.database.db).where(eq(events.id, eventId)).limit(1);
  if (!row) throw new AppError(ErrorCode.NO_ACTIVITY);
  return toDetail(row, locale);
}

async function toDetail(row: ListRow, locale: Locale): Promise<EventDetail> {
  const { event } = row;
  const now = new Date();
  // Only a web address is offered as the registration link; anything else (javascript:, …) is dropped.
  const registrationUrl = safeWebUrl(event.registrationUrl);
  const closesAt = registrationUrl ? (event.registrationClosesAt ?? event.startsAt) : null;
  return {
    ...toListItem(row, locale),
    summary: pickText(event.summary, locale),
    organiser: pickText(event.organiser, locale),
    descriptionHtml: sanitizeRichText(pickText(event.description, locale)),
    fees: event.fees.map((fee) => ({
      label: pickText(fee.label, locale),
      amount: fee.amount,
      amountText: formatFee(fee.amount, locale),
    })),
    credits: event.credits.map((credit) => ({ label: pickText(credit.label, locale), points: credit.points })),
    registrationUrl,
    registrationClosesAt: closesAt?.toISOString() ?? null,
    registrationOpen: closesAt !== null && closesAt > now,
    attachments: await attachmentViews(event.attachments, locale),
    published: event.publishedAt !== null && event.publishedAt <= now,
  };
}
