import { useId, useState } from 'react';
import { getT } from '@/i18n';
import type { Locale } from '@/lib/locales';
import FormAlert from '../shared/FormAlert';
import IslandForm from '../shared/IslandForm';
import { canApply, SocietyApplyForm, SocietyOutcome, useSocietyCheck } from './SocietyOutcome';

/**
 * The society file edited in the console: check (the command's checks and plan), then apply with a
 * fresh code from the app. Applying is offered only for the text that was checked.
 */
export default function SocietyEditor({ locale, initial }: { locale: Locale; initial: string }) {
  const t = getT(locale);
  const id = useId();
  const [text, setText] = useState(initial);
  const society = useSocietyCheck({ check: '/api/amsw1101/society/check', apply: '/api/amsw1101/society/apply' });
  const { check, busy, applied } = society;
  const s = (key: string) => t(`staff:settings.${key}`);

  const runCheck = async (event: React.FormEvent) => {
    event.preventDefault();
    await society.run({ text });
  };
  const stale = society.isStale({ text });

  return (
    <div className="space-y-4">
      <IslandForm onSubmit={runCheck} busy={busy}>
        <div className="flex flex-col">
          <label htmlFor={`${id}-text`} className="mb-1 text-sm font-medium">
            {s('text')}
          </label>
          <textarea
            id={`${id}-text`}
            className="textarea textarea-bordered h-[32rem] w-full font-mono text-xs leading-5"
            spellCheck={false}
            value={text}
            aria-describedby={`${id}-hint`}
            onChange={(e) => setText(e.target.value)}
          />
          <p id={`${id}-hint`} className="mt-1 text-xs text-base-content/70">
            {s('textHint')}
          </p>
        </div>
        <FormAlert message={society.error} />
        <div className="flex flex-wrap gap-2">
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? s('checking') : s('check')}
          </button>
          <button
            type="button"
            className="btn btn-ghost"
            disabled={busy || text === initial}
            onClick={() => setText(initial)}
          >
            {s('reset')}
          </button>
        </div>
      </IslandForm>
      <SocietyOutcome t={t} locale={locale} check={check} applied={applied} stale={stale} />
      {canApply(check, stale) && <SocietyApplyForm t={t} apply={async (code) => void (await society.apply(code))} />}
    </div>
  );
}
