import { useCallback, useEffect, useState } from 'react';
import type { TFunction } from 'i18next';
import { apiGet } from '@/client/api';
import type { BoundForm } from './use-form';

interface Captcha {
  captchaId: string;
  mode: 'image' | 'text';
  image: string | null;
  question: string | null;
}

interface Props {
  t: TFunction;
  answer: string;
  onAnswer: (answer: string) => void;
  onCaptchaId: (captchaId: string) => void;
  /** Bump to fetch a new captcha (after every submit: each one works once). */
  generation: number;
  error?: string | undefined;
}

/** The captcha: a picture by default, or a question in words for readers who cannot see it. */
export default function CaptchaField({ t, answer, onAnswer, onCaptchaId, generation, error }: Props) {
  const [mode, setMode] = useState<'image' | 'text'>('image');
  const [captcha, setCaptcha] = useState<Captcha | null>(null);
  const [failed, setFailed] = useState(false);

  const load = useCallback(
    async (nextMode: 'image' | 'text') => {
      setFailed(false);
      try {
        const next = await apiGet<Captcha>('/api/amsw0102/image', {
          query: { mode: nextMode },
          suppressErrorToast: true,
        });
        setCaptcha(next);
        onCaptchaId(next.captchaId);
        onAnswer('');
      } catch {
        setFailed(true);
      }
    },
    [onAnswer, onCaptchaId],
  );

  useEffect(() => {
    void load(mode);
  }, [generation, mode, load]);

  const id = 'field-captchaAnswer';
  return (
    <div className="flex w-full flex-col">
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {t('account:captcha.label')}
      </label>
      <div className="mb-2 flex flex-wrap items-center gap-2" aria-live="polite">
        {!captcha && !failed && <span className="text-sm">{t('account:captcha.loading')}</span>}
        {failed && <span className="text-sm text-error">{t('account:captcha.failed')}</span>}
        {captcha?.image && (
          <img
            src={captcha.image}
            alt={t('account:captcha.imageAlt')}
            width={150}
            height={50}
            className="rounded border border-base-300"
          />
        )}
        {captcha?.question && (
          <p id={`${id}-question`} className="rounded bg-base-200 px-3 py-2 text-sm font-medium">
            {captcha.question}
          </p>
        )}
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => void load(mode)}>
          {t('account:captcha.refresh')}
        </button>
      </div>
      <input
        id={id}
        name="captchaAnswer"
        value={answer}
        onChange={(e) => onAnswer(e.target.value)}
        required
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={20}
        inputMode={mode === 'text' ? 'numeric' : 'text'}
        aria-invalid={error ? true : undefined}
        aria-describedby={
          [captcha?.question ? `${id}-question` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined
        }
        className={`input input-bordered w-40 ${error ? 'input-error' : ''}`}
      />
      <button
        type="button"
        className="link mt-1 self-start text-sm"
        onClick={() => setMode(mode === 'image' ? 'text' : 'image')}
      >
        {mode === 'image' ? t('account:captcha.useText') : t('account:captcha.useImage')}
      </button>
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** The captcha bound to a form's `captchaId` and `captchaAnswer` fields, with either one's error. */
export function FormCaptchaField({
  t,
  form,
  generation,
}: {
  t: TFunction;
  form: BoundForm<'captchaId' | 'captchaAnswer'>;
  /** Bump to fetch a new captcha (after every submit: each one works once). */
  generation: number;
}) {
  // useForm's `set` is stable, so the captcha is not fetched again on every render.
  const { set } = form;
  const onCaptchaId = useCallback((id: string) => set('captchaId', id), [set]);
  const onAnswer = useCallback((answer: string) => set('captchaAnswer', answer), [set]);
  return (
    <CaptchaField
      t={t}
      answer={form.values.captchaAnswer}
      onAnswer={onAnswer}
      onCaptchaId={onCaptchaId}
      generation={generation}
      error={form.errorOf('captchaAnswer') ?? form.errorOf('captchaId')}
    />
  );
}
