import { useCallback } from 'react';
import { z } from 'zod';
import { apiPost, apiPut } from '@/client/api';
import { getT } from '@/i18n';
import { formatAmount } from '@/lib/format';
import { CREDIT_CLASSES, CREDIT_METHODS } from '@/lib/credits/rules';
import type { Locale } from '@/lib/locales';
import { type ChosenFiles, type DocumentSlot, DocumentSlots, useDocumentUploads } from '../membership/document-slots';
import { useSendApplication } from '../membership/use-send-application';
import Field, { TextAreaField, SelectField } from '../shared/Field';
import FormAlert from '../shared/FormAlert';
import IslandForm from '../shared/IslandForm';
import { useForm } from '../shared/use-form';

export interface ClaimCertification {
  id: number;
  name: string;
  categories: { key: string; name: string }[];
  /** NT$ due once a claim is approved (0: free). */
  claimFee: number;
}

export type ClaimValues = {
  certificationId: string;
  method: string;
  category: string;
  creditClass: string;
  title: string;
  provider: string;
  earnedOn: string;
  points: string;
  description: string;
};

const schema = z.object({
  certificationId: z.string().min(1),
  method: z.string().min(1),
  category: z.string().min(1),
  creditClass: z.string().min(1),
  title: z.string().trim().min(1).max(200),
  provider: z.string().trim().min(1).max(200),
  earnedOn: z.string().min(1),
  points: z.string().regex(/^\d{1,3}(\.\d)?$/),
  description: z.string().max(2000),
});

interface Props {
  locale: Locale;
  certifications: ClaimCertification[];
  evidence: DocumentSlot[];
  /** Today in Taipei: the latest day a claimed activity may have taken place. */
  today: string;
  /** A claim returned for changes: its fields and evidence as sent, changed and sent again. */
  resend?: { applicationId: number; values: ClaimValues; chosen: ChosenFiles };
}

/**
 * A claim for points not recorded automatically: what, where, when, how many, and the evidence,
 * each file uploaded as it is chosen. Sent, it opens the claim's page; a second press while
 * sending does nothing.
 */
export default function ClaimForm({ locale, certifications, evidence, today, resend }: Props) {
  const t = getT(locale);
  const uploads = useDocumentUploads(locale, evidence, resend?.chosen ?? {});
  const { busy, alert, setAlert, send } = useSendApplication(locale);
  const extraCheck = useCallback(
    (v: ClaimValues): Partial<Record<keyof ClaimValues, string>> => {
      const points = Number(v.points);
      if (v.earnedOn > today) return { earnedOn: t('credits:form.future') };
      if (v.points !== '' && !(points > 0 && points <= 100)) return { points: t('credits:form.pointsRange') };
      return {};
    },
    [t, today],
  );
  const first = certifications[0];
  const form = useForm<ClaimValues>({
    schema,
    initial: resend?.values ?? {
      certificationId: first ? String(first.id) : '',
      method: 'paper',
      category: first?.categories[0]?.key ?? '',
      creditClass: 'A',
      title: '',
      provider: '',
      earnedOn: '',
      points: '',
      description: '',
    },
    labels: {
      certificationId: t('credits:claim.certification'),
      method: t('credits:claim.method'),
      category: t('credits:claim.category'),
      creditClass: t('credits:ledger.class'),
      title: t('credits:claim.title'),
      provider: t('credits:claim.provider'),
      earnedOn: t('credits:claim.earnedOn'),
      points: t('credits:claim.points'),
      description: t('credits:claim.description'),
    },
    t,
    extraCheck,
    others: uploads,
  });
  const v = form.values;
  const certification = certifications.find((c) => String(c.id) === v.certificationId);

  const chooseCertification = (id: string) => {
    form.set('certificationId', id);
    const next = certifications.find((c) => String(c.id) === id);
    if (next && !next.categories.some((c) => c.key === v.category)) form.set('category', next.categories[0]?.key ?? '');
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setAlert(null);
    void form.submit(async (values) => {
      const fields = {
        method: values.method,
        category: values.category,
        creditClass: values.creditClass,
        title: values.title.trim(),
        provider: values.provider.trim(),
        earnedOn: values.earnedOn,
        points: Number(values.points),
        description: values.description.trim(),
        documents: uploads.chosen(),
      };
      const options = { suppressErrorToast: true };
      await send(
        () =>
          resend
            ? apiPut('/api/amsw0602/claim', { applicationId: resend.applicationId, ...fields }, options)
            : apiPost('/api/amsw0602/claim', { certificationId: Number(values.certificationId), ...fields }, options),
        { fieldErrors: true },
      );
    });
  };

  const field = (name: keyof ClaimValues) => ({
    name,
    value: v[name],
    onChange: (value: string) => form.set(name, value),
    onBlur: () => form.touch(name),
    error: form.errorOf(name),
  });

  const working = busy || form.submitting || uploads.uploading !== null;
  return (
    <IslandForm onSubmit={submit} busy={working}>
      <FormAlert message={alert ?? form.formError} />
      <div className="grid gap-4 md:grid-cols-2">
        {!resend && (
          <SelectField
            {...field('certificationId')}
            onChange={chooseCertification}
            label={t('credits:claim.certification')}
            options={certifications.map((c) => ({ value: String(c.id), label: c.name }))}
          />
        )}
        <SelectField
          {...field('method')}
          label={t('credits:claim.method')}
          options={CREDIT_METHODS.map((m) => ({ value: m, label: t(`credits:methods.${m}`) }))}
        />
        <SelectField
          {...field('category')}
          label={t('credits:claim.category')}
          options={(certification?.categories ?? []).map((c) => ({ value: c.key, label: c.name }))}
        />
        <SelectField
          {...field('creditClass')}
          label={t('credits:ledger.class')}
          options={CREDIT_CLASSES.map((c) => ({ value: c, label: t(`credits:classes.${c}`) }))}
        />
        <Field {...field('title')} label={t('credits:claim.title')} maxLength={200} />
        <Field {...field('provider')} label={t('credits:claim.provider')} maxLength={200} />
        <Field {...field('earnedOn')} label={t('credits:claim.earnedOn')} type="date" max={today} />
        <Field
          {...field('points')}
          label={t('credits:claim.points')}
          hint={t('credits:form.pointsHint')}
          inputMode="decimal"
        />
      </div>
      <TextAreaField
        {...field('description')}
        label={t('credits:claim.description')}
        optionalText={t('reviews:decide.optional')}
        rows={3}
        maxLength={2000}
      />
      <DocumentSlots locale={locale} documents={evidence} uploads={uploads} />
      {certification && certification.claimFee > 0 && (
        <p className="text-sm">{t('credits:form.fee', { amount: formatAmount(certification.claimFee) })}</p>
      )}
      <button type="submit" className="btn btn-primary" disabled={working}>
        {busy ? t('account:common.submitting') : resend ? t('credits:form.resend') : t('credits:form.submit')}
      </button>
    </IslandForm>
  );
}
