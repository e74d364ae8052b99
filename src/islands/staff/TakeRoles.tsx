import { useId } from 'react';
import { apiPost } from '@/client/api';
import { getT } from '@/i18n';
import type { Locale } from '@/lib/locales';
import type { OfficeRole } from '@/lib/roles';
import { takeRoleBody } from '@/lib/schemas/staff';
import { roleNameKey } from '@/lib/staff-sections';
import { reloadWith } from '../shared/ConfirmDialog';
import FormAlert from '../shared/FormAlert';
import IslandForm from '../shared/IslandForm';
import { useForm } from '../shared/use-form';
import CodeField from './CodeField';

/**
 * An admin who works no desk of the office (a new portal's first admin) takes an office role
 * themselves: one role at a time, each with a fresh code from their app, audited as every grant.
 */
export default function TakeRoles({ locale, missing }: { locale: Locale; missing: OfficeRole[] }) {
  const t = getT(locale);
  const id = useId();
  const form = useForm({
    schema: takeRoleBody,
    initial: { role: missing[0]!, code: '' },
    labels: { role: t('staff:roles.role'), code: t('staff:roles.codeFor') },
    t,
  });
  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    await form.submit(async (values) => {
      const { result } = await apiPost<{ result: 'granted' | 'held already' }>('/api/amsw1101/roles/take', values, {
        suppressErrorToast: true,
      });
      reloadWith(result === 'granted' ? 'taken' : 'heldAlready');
    });
  };
  return (
    <IslandForm onSubmit={onSubmit} busy={form.submitting}>
      <FormAlert message={form.formError} />
      <fieldset className="flex flex-col gap-1">
        <legend className="mb-1 text-sm font-medium">{t('staff:roles.role')}</legend>
        {missing.map((role) => (
          <label key={role} className="flex items-center gap-2">
            <input
              type="radio"
              className="radio radio-sm"
              name={`${id}-role`}
              value={role}
              checked={form.values.role === role}
              onChange={() => form.set('role', role)}
            />
            <span>{t(roleNameKey(role))}</span>
          </label>
        ))}
      </fieldset>
      <CodeField
        t={t}
        label={t('staff:roles.codeFor')}
        value={String(form.values.code)}
        onChange={(v) => form.set('code', v)}
        onBlur={() => form.touch('code')}
        error={form.errorOf('code')}
      />
      <button type="submit" className="btn btn-primary" disabled={form.submitting} aria-busy={form.submitting}>
        {t(form.submitting ? 'staff:roles.working' : 'staff:home.take')}
      </button>
    </IslandForm>
  );
}
