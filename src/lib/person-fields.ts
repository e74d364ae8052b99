/**
 * The i18n keys of a person's fields as the office's correction names them: its own words for
 * what only the office changes, the profile form's for the rest. The form and the page that says
 * what a correction saved both read them.
 */
export const PERSON_FIELD_LABELS: Readonly<Record<string, string>> = {
  nameZh: 'staff:people.correct.nameZh',
  nameEn: 'staff:people.correct.nameEn',
  email: 'staff:people.correct.email',
  personId: 'staff:people.correct.personId',
  birthDate: 'staff:people.correct.birthDate',
  gender: 'staff:people.correct.gender',
  preferredLocale: 'account:fields.preferredLocale',
  mobile: 'account:fields.mobile',
  phone: 'account:fields.phone',
  postalCode: 'account:fields.postalCode',
  address: 'account:fields.address',
  workplace: 'account:fields.workplace',
  department: 'account:fields.department',
  jobTitle: 'account:fields.jobTitle',
  education: 'account:fields.education',
  reason: 'staff:people.correct.reason',
};
