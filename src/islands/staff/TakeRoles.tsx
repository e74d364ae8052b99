import { useId, useState } from 'react';
import { apiPost } from '@/client/api';
import { getT } from '@/i18n';
import type { Locale } from '@/lib/locales';
import type { OfficeRole } from '@/lib/roles';
import { roleNameKey } from '@/lib/staff-sections';
import { reloadWith } from '../shared/ConfirmDialog';
import FreshCodeForm from './FreshCodeForm';

/**
 * An admin who works no desk of the office (a new portal's first admin) takes an office role
 * themselves: one role at a time, each with a fresh code from their app, audited as every grant.
 */
export default function TakeRoles({ locale, missing }: { locale: Locale; missing: OfficeRole[] }) {
  const t = getT(locale);
  const id = useId();
  const [role, setRole] = useState(missing[0]!);
  const send = async (code: string) => {
    const { result } = await apiPost<{ result: 'granted' | 'held already' }>(
      '/api/amsw1101/roles/take',
      { role, code },
      { suppressErrorToast: true },
    );
    reloadWith(result === 'granted' ? 'taken' : 'heldAlready');
  };
  return (
    <FreshCodeForm
      t={t}
      label={t('staff:roles.codeFor')}
      submit={t('staff:home.take')}
      working={t('staff:roles.working')}
      send={send}
    >
      <fieldset className="flex flex-col gap-1">
        <legend className="mb-1 text-sm font-medium">{t('staff:roles.role')}</legend>
        {missing.map((r) => (
          <label key={r} className="flex items-center gap-2">
            <input
              type="radio"
              className="radio radio-sm"
              name={`${id}-role`}
              value={r}
              checked={role === r}
              onChange={() => setRole(r)}
            />
            <span>{t(roleNameKey(r))}</span>
          </label>
        ))}
      </fieldset>
    </FreshCodeForm>
  );
}
