import type { Locale } from '../locales';
import { localePath } from '../paths';

/** The flows of a member's own membership with `/member/{flow}/apply`, `/result` and `/return` pages. */
export const MEMBER_FLOWS = ['extension', 'quit', 'replace', 'restart', 'stop'] as const;
export type MemberFlow = (typeof MEMBER_FLOWS)[number];

export function isMemberFlow(value: string | undefined): value is MemberFlow {
  return (MEMBER_FLOWS as readonly string[]).includes(value ?? '');
}

/** An application as its pages' addresses need it (a course's page is under its certification). */
interface AppAddress {
  id: number;
  type: string;
  form?: unknown;
}

/** The page of an organisation's course application. */
function coursePage(app: AppAddress): string {
  return `/organ/center/contiEdu/${(app.form as { kindId?: number } | undefined)?.kindId ?? 0}/detail/${app.id}`;
}

/** Where the applicant follows an application of a type: the result page of its flow. */
export function applicationResultPath(app: AppAddress, locale: Locale): string {
  if (app.type === 'creditClaim') return localePath(`/credit/detail/${app.id}`, locale);
  if (app.type === 'course') return localePath(coursePage(app), locale);
  const page =
    app.type === 'join'
      ? '/signinResult'
      : app.type === 'upgrade'
        ? '/member/upgradeResult'
        : `/member/${app.type}/result`;
  return `${localePath(page, locale)}?applicationId=${app.id}`;
}

/** Where the browser lands back from the gateway after paying for an application of a type. */
export function applicationReturnPath(app: AppAddress, orderId: number, locale: Locale): string {
  if (app.type === 'creditClaim') return `${localePath(`/credit/detail/${app.id}`, locale)}?orderId=${orderId}`;
  if (app.type === 'course') return `${localePath(coursePage(app), locale)}?orderId=${orderId}`;
  const type = app.type;
  const page =
    type === 'join' ? '/signinReturn' : type === 'upgrade' ? '/member/upgradeReturn' : `/member/${type}/return`;
  return `${localePath(page, locale)}?orderId=${orderId}`;
}
