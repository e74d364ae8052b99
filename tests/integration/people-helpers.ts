import type { signedInOn } from './own-server';

type Staff = Awaited<ReturnType<typeof signedInOn>>;

/** The person's details as the correction form sends them, from their story. */
export async function correctionOf(staff: Staff, accountId: number) {
  const story = await staff.call<{ account: Record<string, string | null> }>(
    `/api/amsw1101/people/story?accountId=${accountId}`,
  );
  const a = story.data.account;
  return {
    accountId,
    nameZh: a.nameZh,
    nameEn: a.nameEn,
    email: a.email,
    personId: '',
    birthDate: a.birthDate ?? '',
    gender: a.gender ?? '',
    mobile: a.mobile,
    phone: a.phone,
    postalCode: a.postalCode,
    address: a.address,
    workplace: a.workplace,
    department: a.department,
    jobTitle: a.jobTitle,
    education: a.education,
    preferredLocale: a.preferredLocale,
    reason: 'Per the member’s call',
    updatedAt: a.updatedAt!,
  };
}
