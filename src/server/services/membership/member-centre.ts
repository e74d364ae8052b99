import type { Locale } from '../../../lib/locales';
import { type MembershipStatus, mayRenew, renewalPeriod } from '../../../lib/membership/terms';
import { type CalendarDate, taipeiDate } from '../../../lib/calendar-date';
import { pickText } from '../../../lib/i18n-text';
import type { Actor } from '../../auth/sessions';
import { applicationPath, applicationTitle } from './applications';
import {
  currentStatus,
  datesOf,
  getMembershipSettings,
  listMemberClasses,
  type MemberClass,
  membershipToday,
  type MembershipToday,
  rulesOf,
} from './rules';
import { offerFor } from './status-flows';
import { targetsOf, upgradeRefusal } from './upgrade';

export interface MemberCentre {
  membership: {
    memberNo: string;
    className: string;
    status: MembershipStatus;
    life: boolean;
    termStart: string | null;
    termEnd: string | null;
    /** The days the next term may be paid, while that is possible. */
    renewal: { opens: string; closes: string; open: boolean } | null;
  } | null;
  openApplications: { applicationId: number; number: string; title: string; state: string; path: string }[];
  /** The unpaid orders still to pay. */
  due: { count: number; amount: number };
  /** The unpaid orders whose bank transfer is reported and waits for finance to confirm it. */
  transferReported: { count: number; amount: number };
  /** The changes the member may ask for today (each page says so if another application is open): path and label key. */
  actions: { path: string; label: string }[];
}

/** The member's flows in the order the centre lists them. */
const ACTIONS = ['upgrade', 'replace', 'stop', 'restart', 'quit'] as const;

/**
 * The flows open to the member today, from their membership worked out once. A flow whose own
 * request is already in (a paused member's request to resume) is not offered again: the centre
 * lists that request among the applications in progress instead.
 */
function membershipActions(
  now: MembershipToday,
  classes: MemberClass[],
  locale: Locale,
  today: CalendarDate,
): MemberCentre['actions'] {
  return ACTIONS.flatMap((flow) => {
    if (now.openApplications.some((a) => a.type === flow)) return [];
    const refusal =
      flow === 'upgrade'
        ? upgradeRefusal(now, targetsOf(now.cls, classes))
        : offerFor(now, flow, locale, today).refusal;
    if (refusal !== null && refusal !== 'applicationOpen') return [];
    return [
      { path: flow === 'upgrade' ? '/member/upgrade' : `/member/${flow}/apply`, label: `membership:centre.${flow}` },
    ];
  });
}

function sumOf(orders: { amount: number }[]): { count: number; amount: number } {
  return { count: orders.length, amount: orders.reduce((sum, o) => sum + o.amount, 0) };
}

/**
 * What the member centre shows of the reader's membership: all of it comes with the session
 * (the membership and its term, the open applications, the unpaid amounts), so the page runs no
 * statement of its own; the classes and the society's rules come from the memo cache.
 */
export async function getMemberCentre(actor: Actor, locale: Locale): Promise<MemberCentre> {
  const account = actor.account;
  if (account.userType !== 'individual') throw new Error('the member centre is for individuals');
  const today = taipeiDate();
  const [classes, settings, now] = await Promise.all([
    listMemberClasses(),
    getMembershipSettings(),
    membershipToday(actor, today),
  ]);
  const m = account.membership;
  let membership: MemberCentre['membership'] = null;
  if (m) {
    const cls = classes.find((c) => c.id === m.classId);
    const dates = datesOf(m);
    membership = {
      memberNo: m.memberNo,
      className: cls ? pickText(cls.name, locale) : '',
      status: await currentStatus(m, today),
      life: m.termEnd === null,
      termStart: m.termStart,
      termEnd: m.termEnd,
      renewal: m.termEnd
        ? { ...renewalPeriod(m.termEnd, rulesOf(settings)), open: mayRenew(dates, today, rulesOf(settings)) }
        : null,
    };
  }
  return {
    membership,
    openApplications: account.openApplications.map((a) => ({
      applicationId: a.id,
      number: a.number,
      title: applicationTitle(a, classes.find((c) => c.id === a.classId) ?? null, locale),
      state: a.state,
      path: applicationPath(a, locale),
    })),
    due: sumOf(account.dueOrders.filter((o) => !o.transferReported)),
    transferReported: sumOf(account.dueOrders.filter((o) => o.transferReported)),
    actions: now ? membershipActions(now, classes, locale, today) : [],
  };
}
