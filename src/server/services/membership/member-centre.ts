import type { Locale } from '../../../lib/locales';
import { type MembershipStatus, mayRenew, renewalPeriod } from '../../../lib/membership/terms';
import { taipeiDate } from '../../../lib/calendar-date';
import { pickText } from '../../../lib/i18n-text';
import type { Actor } from '../../auth/sessions';
import { runtime } from '../../runtime';
import { applicationPath, applicationTitle, type ApplicationRow } from './applications';
import { currentStatus, getMembershipSettings, listMemberClasses, rulesOf } from './rules';

/**
 * What the member centre shows of the reader's membership besides the session's row, in one
 * prepared statement: the term's start, the open applications and the unpaid orders.
 */
const MEMBER_CENTRE = `
  SELECT
    (SELECT term_start::text FROM memberships WHERE account_id = $1) AS term_start,
    (SELECT json_agg(a ORDER BY a.id DESC) FROM (
      SELECT id, number, type, state, class_id, amount FROM applications
      WHERE account_id = $1 AND state NOT IN ('rejected', 'effective', 'cancelled', 'expired')) a) AS open_applications,
    (SELECT json_agg(o ORDER BY o.id) FROM (
      SELECT id, amount, due_at FROM orders WHERE account_id = $1 AND status = 'pending') o) AS due_orders`;

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
  due: { count: number; amount: number };
}

export async function getMemberCentre(actor: Actor, locale: Locale): Promise<MemberCentre> {
  const account = actor.account;
  if (account.userType !== 'individual') throw new Error('the member centre is for individuals');
  const rt = await runtime();
  const [row] = await rt.database.prepared('member_centre', MEMBER_CENTRE, [actor.accountId]);
  const [classes, settings] = await Promise.all([listMemberClasses(), getMembershipSettings()]);
  const m = account.membership;
  const today = taipeiDate();
  const apps = (row?.open_applications ?? []) as {
    id: number;
    number: string;
    type: ApplicationRow['type'];
    state: string;
    class_id: number | null;
  }[];
  const orders = (row?.due_orders ?? []) as { id: number; amount: number }[];
  let membership: MemberCentre['membership'] = null;
  if (m) {
    const cls = classes.find((c) => c.id === m.classId);
    const dates = { life: m.termEnd === null, termEnd: m.termEnd, pausedFrom: m.pausedFrom, lastDay: m.lastDay };
    membership = {
      memberNo: m.memberNo,
      className: cls ? pickText(cls.name, locale) : '',
      status: await currentStatus(m, today),
      life: m.termEnd === null,
      termStart: (row?.term_start as string | null) ?? null,
      termEnd: m.termEnd,
      renewal: m.termEnd
        ? { ...renewalPeriod(m.termEnd, rulesOf(settings)), open: mayRenew(dates, today, rulesOf(settings)) }
        : null,
    };
  }
  return {
    membership,
    openApplications: apps.map((a) => {
      const app = { id: a.id, type: a.type } as ApplicationRow;
      return {
        applicationId: a.id,
        number: a.number,
        title: applicationTitle(app, classes.find((c) => c.id === a.class_id) ?? null, locale),
        state: a.state,
        path: applicationPath(app, locale),
      };
    }),
    due: { count: orders.length, amount: orders.reduce((sum, o) => sum + o.amount, 0) },
  };
}
