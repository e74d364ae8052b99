import { useState } from 'react';
import { apiPost } from '@/client/api';
import { getT } from '@/i18n';
import { formatDateTime } from '@/lib/format';
import type { Locale } from '@/lib/locales';
import FreshCodeForm from './FreshCodeForm';

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
  const held = hold.heldAt !== null;

  const send = async (code: string) => {
    const next = await apiPost<MailHold>('/api/amsw1101/mail', { held: !held, code }, { suppressErrorToast: true });
    setHold(next);
    setOpen(false);
    setDone(next.heldAt === null ? m('released') : m('heldNow'));
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
        <FreshCodeForm
          t={t}
          intro={held ? m('releaseIntro') : m('holdIntro')}
          submit={held ? m('release') : m('hold')}
          onCancel={() => setOpen(false)}
          send={send}
        />
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
