import { useState } from 'react';
import { apiPost } from '@/client/api';
import { getT } from '@/i18n';
import { formatDateTime } from '@/lib/format';
import type { Locale } from '@/lib/locales';
import { secondFactorCodeBody } from '@/lib/schemas/staff';
import FormAlert from '../shared/FormAlert';
import IslandForm from '../shared/IslandForm';
import { useForm } from '../shared/use-form';
import CodeField from './CodeField';

interface MailHold {
  heldAt: string | null;
  heldBy: { kind: 'restore' | 'command' | 'staff'; name: string } | null;
  waiting: number;
}

/** Whether the outbox is held, and the one action that changes it, with a fresh code from the app. */
export default function MailHoldDesk({ locale, initial }: { locale: Locale; initial: MailHold }) {
  const t = getT(locale);
  const m = (key: string, values: Record<string, string | number> = {}) => t(`staff:settingsForms.mail.${key}`, values);
  const [hold, setHold] = useState(initial);
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const form = useForm({
    schema: secondFactorCodeBody,
    initial: { code: '' },
    labels: { code: t('staff:factor.code') },
    t,
  });
  const held = hold.heldAt !== null;

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    await form.submit(async ({ code }) => {
      const next = await apiPost<MailHold>('/api/amsw1101/mail', { held: !held, code }, { suppressErrorToast: true });
      setHold(next);
      setOpen(false);
      form.set('code', '');
      setDone(next.heldAt === null ? m('released') : m('heldNow'));
    });
  };

  return (
    <div className="flex flex-col gap-4">
      <div role="status" className={`alert ${held ? 'alert-warning' : 'alert-success'}`}>
        <div className="flex flex-col gap-1">
          <p className="font-semibold">
            {held
              ? m('held', {
                  at: formatDateTime(hold.heldAt!, locale),
                  by: hold.heldBy ? m(`by.${hold.heldBy.kind}`, { name: hold.heldBy.name }) : '',
                })
              : m('sending')}
          </p>
          <p>{m('waiting', { count: hold.waiting })}</p>
          {done && <p>{done}</p>}
        </div>
      </div>
      {open ? (
        <IslandForm onSubmit={onSubmit} busy={form.submitting}>
          <p className="text-sm">{held ? m('releaseIntro') : m('holdIntro')}</p>
          <FormAlert message={form.formError} />
          <CodeField
            t={t}
            value={String(form.values.code)}
            onChange={(v) => form.set('code', v)}
            onBlur={() => form.touch('code')}
            error={form.errorOf('code')}
          />
          <div className="flex flex-wrap gap-2">
            <button type="submit" className="btn btn-primary" disabled={form.submitting} aria-busy={form.submitting}>
              {held ? m('release') : m('hold')}
            </button>
            <button type="button" className="btn btn-ghost" onClick={() => setOpen(false)}>
              {t('staff:roles.cancel')}
            </button>
          </div>
        </IslandForm>
      ) : (
        <div>
          <button
            type="button"
            className={`btn ${held ? 'btn-primary' : 'btn-outline'}`}
            onClick={() => {
              setDone(null);
              setOpen(true);
            }}
          >
            {held ? m('release') : m('hold')}
          </button>
        </div>
      )}
    </div>
  );
}
