import { startRegistration } from '@simplewebauthn/browser';
import { useState } from 'react';
import { z } from 'zod';
import { apiPost } from '@/client/api';
import { getT } from '@/i18n';
import { formatDateTime } from '@/lib/format';
import type { Locale } from '@/lib/locales';
import { passkeyName } from '@/lib/schemas/staff';
import { showToast } from '@/stores/toast';
import { ConfirmDialog } from '../shared/ConfirmDialog';
import Field from '../shared/Field';
import FormAlert from '../shared/FormAlert';
import IslandForm from '../shared/IslandForm';
import { useForm } from '../shared/use-form';
import CodeField from './CodeField';
import { passkeyPromptMessage, useWebAuthn } from './PasskeyButton';
import { useCodeConfirm } from './use-code-confirm';

export interface PasskeyItem {
  id: number;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

const nameBody = z.object({ name: passkeyName });

/**
 * The staff member's passkeys: listed by name, added with the browser's prompt (only where the
 * browser has WebAuthn), removed for a fresh code from the app.
 */
export default function PasskeysDesk({ locale, initial }: { locale: Locale; initial: PasskeyItem[] }) {
  const t = getT(locale);
  const supported = useWebAuthn();
  const [items, setItems] = useState(initial);
  const removal = useCodeConfirm<PasskeyItem>({ again: true });
  const form = useForm({
    schema: nameBody,
    initial: { name: t('staff:factor.passkeyNameDefault') },
    labels: { name: t('staff:factor.passkeyName') },
    t,
  });

  const onAdd = async (event: React.FormEvent) => {
    event.preventDefault();
    await form.submit(async ({ name }) => {
      const optionsJSON = await apiPost<Parameters<typeof startRegistration>[0]['optionsJSON']>(
        '/api/amsw1101/secondFactor/passkeys/options',
        undefined,
        { suppressErrorToast: true },
      );
      let response;
      try {
        response = await startRegistration({ optionsJSON });
      } catch (failure) {
        form.setFormError(passkeyPromptMessage(t, failure));
        return;
      }
      const added = await apiPost<PasskeyItem>(
        '/api/amsw1101/secondFactor/passkeys',
        { name, response },
        { suppressErrorToast: true },
      );
      setItems((list) => [...list, added]);
      showToast({ message: t('staff:factor.passkeyAddedDone'), type: 'success' });
    });
  };

  const remove = () =>
    removal.send(async (item, code) => {
      await apiPost('/api/amsw1101/secondFactor/passkeys/remove', { id: item.id, code }, { suppressErrorToast: true });
      setItems((list) => list.filter((other) => other.id !== item.id));
      removal.close();
      showToast({ message: t('staff:factor.passkeyRemoved'), type: 'success' });
    });

  return (
    <div className="space-y-4">
      <p className="text-sm">{t('staff:factor.passkeysIntro')}</p>
      {items.length === 0 ? (
        <p>{t('staff:factor.passkeysEmpty')}</p>
      ) : (
        <ul className="divide-y divide-base-300 rounded-box border border-base-300">
          {items.map((item) => (
            <li key={item.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
              <div className="min-w-0">
                <p className="font-medium break-words">{item.name}</p>
                <p className="text-sm text-base-content/70">
                  {t('staff:factor.passkeyAdded', { date: formatDateTime(item.createdAt, locale) })}
                  {' · '}
                  {item.lastUsedAt
                    ? t('staff:factor.passkeyLastUsed', { date: formatDateTime(item.lastUsedAt, locale) })
                    : t('staff:factor.passkeyNeverUsed')}
                </p>
              </div>
              <button
                type="button"
                className="btn btn-ghost btn-sm"
                aria-label={`${t('staff:factor.passkeyRemove')}: ${item.name}`}
                onClick={() => removal.ask(item)}
              >
                {t('staff:factor.passkeyRemove')}
              </button>
            </li>
          ))}
        </ul>
      )}
      {supported && (
        <IslandForm onSubmit={onAdd} busy={form.submitting}>
          <FormAlert message={form.formError} />
          <div className="max-w-md">
            <Field
              {...form.field('name')}
              label={t('staff:factor.passkeyName')}
              hint={t('staff:factor.passkeyNameHint')}
              autoComplete="off"
              required
              maxLength={60}
            />
          </div>
          <button type="submit" className="btn btn-outline" disabled={form.submitting} aria-busy={form.submitting}>
            {form.submitting && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            {t(form.submitting ? 'staff:factor.passkeyAdding' : 'staff:factor.passkeyAdd')}
          </button>
        </IslandForm>
      )}
      <ConfirmDialog
        ref={removal.ref}
        title={removal.about ? t('staff:factor.passkeyRemoveTitle', { name: removal.about.name }) : ''}
        text={t('staff:factor.passkeyRemoveIntro')}
        cancel={t('staff:roles.cancel')}
        confirm={t(removal.pending ? 'staff:roles.working' : 'staff:factor.passkeyRemove')}
        onConfirm={() => void remove()}
        danger
        busy={removal.pending}
      >
        <CodeField t={t} name="passkey-code" {...removal.field} />
      </ConfirmDialog>
    </div>
  );
}
