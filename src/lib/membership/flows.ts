/**
 * Who may leave, pause, resume or have a new certificate, and within which dates (DESIGN.md §12).
 * Pure functions over a membership's dates and today's status, shared by the pages (what to offer),
 * the API (what to accept) and the tests.
 */
import { addMonths, type CalendarDate, maxDate, minDate, periodEnd } from '../calendar-date';
import { type MembershipDates, type MembershipStatus, pauseStart } from './terms';

/** Why a flow is not open to a member today. */
export type FlowRefusal =
  /** Membership has ended: join again. */
  | 'ended'
  /** A quit is approved: the membership ends on its last day. */
  | 'leaving'
  /** Paused already (or a pause is approved): restart instead. */
  | 'paused'
  /** Lapsed: restart first. */
  | 'lapsed'
  /** In grace: renew instead. */
  | 'inGrace'
  /** Active and not paused: nothing to resume. */
  | 'notPaused'
  /** A life member pays no dues, so has nothing to pause. */
  | 'life';

/** Whether an approved pause has ended (its last day is past) without the member resuming. */
function pauseOver(m: MembershipDates, today: CalendarDate): boolean {
  return m.pausedUntil !== null && today > m.pausedUntil;
}

/** A range of days the member may choose from, and the one offered first. */
export interface DayChoice {
  earliest: CalendarDate;
  latest: CalendarDate;
  suggested: CalendarDate;
}

/** How far ahead a life member may set the day they leave. */
const LIFE_NOTICE_MONTHS = 12;

/**
 * Leaving: the last day of membership is today at the earliest and the end of the paid term at
 * the latest (offered first), so nobody leaves owing dues or having paid for days they lose; in
 * grace or lapsed that is today. A life member may choose a day up to a year ahead.
 */
export function quitChoice(
  m: MembershipDates,
  status: MembershipStatus,
  today: CalendarDate,
): { refusal: FlowRefusal } | { lastDay: DayChoice } {
  if (status === 'ended') return { refusal: 'ended' };
  if (m.lastDay !== null) return { refusal: 'leaving' };
  const latest = m.life || m.termEnd === null ? addMonths(today, LIFE_NOTICE_MONTHS) : maxDate(today, m.termEnd);
  return { lastDay: { earliest: today, latest, suggested: m.life ? today : latest } };
}

/**
 * Pausing: from the day after the paid term (offered first), or earlier from today, for at most
 * `maxMonths`; in grace the pause starts the day after the unpaid term, so it never leaves dues
 * owed. Only an active or in-grace member who pays dues and is not leaving may pause.
 */
export function pauseChoice(
  m: MembershipDates,
  status: MembershipStatus,
  today: CalendarDate,
  maxMonths: number,
): { refusal: FlowRefusal } | { from: DayChoice; until: (from: CalendarDate) => DayChoice } {
  if (status === 'ended') return { refusal: 'ended' };
  if (m.lastDay !== null) return { refusal: 'leaving' };
  if (status === 'paused' || (m.pausedFrom !== null && !pauseOver(m, today))) return { refusal: 'paused' };
  if (status === 'lapsed') return { refusal: 'lapsed' };
  if (m.life || m.termEnd === null) return { refusal: 'life' };
  const suggested = pauseStart(m, today, null);
  const from = { earliest: status === 'inGrace' ? suggested : today, latest: suggested, suggested };
  const until = (start: CalendarDate): DayChoice => {
    const latest = periodEnd(start, maxMonths);
    return { earliest: start, latest, suggested: minDate(latest, periodEnd(start, 12)) };
  };
  return { from, until };
}

/**
 * Resuming: for a paused member (or one whose pause is approved but not begun) and a lapsed one.
 * What is owed: nothing while the paid term still runs (the pause is just lifted), otherwise the
 * dues of a new term from the day it takes effect (no arrears; a life member owes nothing).
 */
export function restartChoice(
  m: MembershipDates,
  status: MembershipStatus,
  today: CalendarDate,
): { refusal: FlowRefusal } | { newTerm: boolean } {
  if (status === 'ended') return { refusal: 'ended' };
  if (m.lastDay !== null) return { refusal: 'leaving' };
  if (status === 'inGrace') return { refusal: 'inGrace' };
  if (status === 'active' && m.pausedFrom === null) return { refusal: 'notPaused' };
  const paidThrough = m.life || m.termEnd === null || m.termEnd >= today;
  return { newTerm: !paidThrough };
}

/** A new certificate: for anyone still a member (active, in grace or paused). */
export function replaceChoice(status: MembershipStatus): { refusal: FlowRefusal } | { ok: true } {
  if (status === 'ended') return { refusal: 'ended' };
  if (status === 'lapsed') return { refusal: 'lapsed' };
  return { ok: true };
}
