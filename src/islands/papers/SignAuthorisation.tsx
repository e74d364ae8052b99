import { useRef, useState } from 'react';
import { ApiError, apiPost } from '@/client/api';
import Field from '@/islands/shared/Field';
import FormAlert from '@/islands/shared/FormAlert';
import IslandForm from '@/islands/shared/IslandForm';
import { getT } from '@/i18n';
import type { Locale } from '@/lib/locales';
import { AUTHORISATION_VERSION } from '@/lib/papers/authorisation-text';
import { problemMessage, type FieldProblem } from './paper-fields';

/**
 * Signs the authorisation and sends the draft (one request per press): the box ticked and the
 * signer's full name typed. A paper found incomplete lists what is missing, with the way back to
 * its form; once sent, the paper's page.
 */
export default function SignAuthorisation({
  locale,
  paperId,
  formPath,
  detailPath,
}: {
  locale: Locale;
  paperId: number;
  formPath: string;
  detailPath: string;
}) {
  const t = getT(locale);
  const [agree, setAgree] = useState(false);
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<{ agree?: string; signedName?: string }>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [missing, setMissing] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const pressed = useRef(false);

  const check = (a = agree, n = name) => ({
    ...(a ? {} : { agree: t('papers:author.sign.agreeNeeded') }),
    ...(n.trim() ? {} : { signedName: problemMessage({ field: 'signedName', reason: 'required' }, t) }),
  });

  const submit = async () => {
    if (pressed.current) return;
    setFormError(null);
    setMissing([]);
    const found = check();
    setErrors(found);
    if (found.agree || found.signedName) {
      document.getElementById(found.agree ? 'field-agree' : 'field-signedName')?.focus();
      return;
    }
    pressed.current = true;
    setBusy(true);
    try {
      await apiPost(
        '/api/amsw0701/submit',
        { paperId, agree: true, signedName: name.trim(), textVersion: AUTHORISATION_VERSION },
        { suppressErrorToast: true },
      );
      window.location.assign(`${detailPath}?notice=paperSubmitted`);
    } catch (error) {
      pressed.current = false;
      setBusy(false);
      const data = (error instanceof ApiError ? error.data : null) as {
        fields?: string[];
        problems?: FieldProblem[];
      } | null;
      if (data?.problems?.length) {
        setMissing(data.problems.map((p) => problemMessage(p, t)));
        setFormError(error instanceof Error ? error.message : null);
        return;
      }
      if (data?.fields?.includes('signedName')) {
        setErrors({ signedName: (error as Error).message });
        document.getElementById('field-signedName')?.focus();
        return;
      }
      setFormError(error instanceof Error ? error.message : t('errors:-999'));
    }
  };

  const marked = Object.values(errors).filter(Boolean).length;
  return (
    <IslandForm
      busy={busy}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <FormAlert message={formError ?? (marked > 0 ? t('account:common.formErrors', { count: marked }) : null)} />
      {missing.length > 0 && (
        <div className="rounded-box border border-error p-4 text-sm">
          <p className="font-medium">{t('papers:author.sign.incomplete')}</p>
          <ul className="my-2 list-disc ps-5">
            {missing.map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
          <a className="link font-medium" href={formPath}>
            {t('papers:author.sign.backToForm')}
          </a>
        </div>
      )}
      <div>
        <label className="flex cursor-pointer items-start gap-3">
          <input
            id="field-agree"
            type="checkbox"
            className={`checkbox mt-0.5 ${errors.agree ? 'checkbox-error' : ''}`}
            checked={agree}
            aria-invalid={errors.agree ? true : undefined}
            aria-describedby={errors.agree ? 'field-agree-error' : undefined}
            onChange={(event) => {
              setAgree(event.target.checked);
              setErrors((e) => ({ ...e, agree: undefined }));
            }}
          />
          <span>{t('papers:author.sign.agree')}</span>
        </label>
        {errors.agree && (
          <p id="field-agree-error" className="mt-1 text-sm text-error">
            {errors.agree}
          </p>
        )}
      </div>
      <Field
        name="signedName"
        label={t('papers:author.sign.signedName')}
        hint={t('papers:author.sign.signedNameHint')}
        value={name}
        onChange={(value) => {
          setName(value);
          setErrors((e) => ({ ...e, signedName: undefined }));
        }}
        error={errors.signedName}
        maxLength={120}
        autoComplete="name"
      />
      <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy}>
        {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
        {busy ? t('papers:author.sign.submitting') : t('papers:author.sign.submit')}
      </button>
    </IslandForm>
  );
}
