import type { Locale } from '../locales';
import { localePath } from '../paths';

/** The flows of a member's own membership with `/member/{flow}/apply`, `/result` and `/return` pages. */
export const MEMBER_FLOWS = ['extension', 'quit', 'replace', 'restart', 'stop'] as const;
export type MemberFlow = (typeof MEMBER_FLOWS)[number];

export function isMemberFlow(value: string | undefined): value is MemberFlow {
  return (MEMBER_FLOWS as readonly string[]).includes(value ?? '');
}

/** Where the applicant follows an application of a type: the result page of its flow. */
export function applicationResultPath(app: { id: number; type: string }, locale: Locale): string {
  if (app.type === 'creditClaim') return localePath(`/credit/detail/${app.id}`, locale);
  const page =
    app.type === 'join'
      ? '/signinResult'
      : app.type === 'upgrade'
        ? '/member/upgradeResult'
        : `/member/${app.type}/result`;
  return `${localePath(page, locale)}?applicationId=${app.id}`;
}

/** Where the browser lands back from the gateway after paying for an application of a type. */
export function applicationReturnPath(app: { id: number; type: string }, orderId: number, locale: Locale): string {
  if (app.type === 'creditClaim') return `${localePath(`/credit/detail/${app.id}`, locale)}?orderId=${orderId}`;
  const type = app.type;
  const page =
    type === 'join' ? '/signinReturn' : type === 'upgrade' ? '/member/upgradeReturn' : `/member/${type}/return`;
  return `${localePath(page, locale)}?orderId=${orderId}`;
}
