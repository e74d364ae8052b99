import { useId } from 'react';
import { apiPost } from '@/client/api';
import { getT } from '@/i18n';
import type { Locale } from '@/lib/locales';
import { ROLES, type Role } from '@/lib/roles';
import { grantRoleBody } from '@/lib/schemas/staff';
import { roleNameKey } from '@/lib/staff-sections';
import { showToast } from '@/stores/toast';
import { ConfirmDialog, reloadWith } from '../shared/ConfirmDialog';
import Field from '../shared/Field';
import FormAlert from '../shared/FormAlert';
import IslandForm from '../shared/IslandForm';
import { useForm } from '../shared/use-form';
import CodeField from './CodeField';
import { useCodeConfirm } from './use-code-confirm';

export interface Holder {
  accountId: number;
  name: string;
  email: string;
  roles: { role: Role; granted: string }[];
  secondFactor: boolean;
}

type Pending = { kind: 'revoke'; holder: Holder; role: Role } | { kind: 'reset'; holder: Holder };

/**
 * The admin's roles desk: who holds what, granting by e-mail, revoking, and resetting a lost
 * authenticator. Every change asks for a fresh code from the admin's own app.
 */
export default function RolesDesk({ locale, holders, self }: { locale: Locale; holders: Holder[]; self: number }) {
  const t = getT(locale);
  const roleName = (role: Role) => t(roleNameKey(role));
  const grant = useForm({
    schema: grantRoleBody,
    initial: { email: '', role: 'office', code: '' },
    labels: { email: t('staff:roles.email'), role: t('staff:roles.role'), code: t('staff:roles.codeFor') },
    t,
  });
  const change = useCodeConfirm<Pending>();
  const pending = change.about;
  const id = useId();

  const onGrant = async (event: React.FormEvent) => {
    event.preventDefault();
    await grant.submit(async (values) => {
      const { result } = await apiPost<{ result: 'granted' | 'held already' }>('/api/amsw1101/roles', values, {
        suppressErrorToast: true,
      });
      reloadWith(result === 'granted' ? 'granted' : 'heldAlready');
    });
  };

  const confirm = () =>
    change.send(
      async (about, code) => {
        if (about.kind === 'revoke') {
          const { result } = await apiPost<{ result: 'revoked' | 'not held' }>(
            '/api/amsw1101/roles/revoke',
            { accountId: about.holder.accountId, role: about.role, code },
            { suppressErrorToast: true },
          );
          reloadWith(result === 'revoked' ? 'revoked' : 'notHeld');
        } else {
          await apiPost(
            '/api/amsw1101/roles/resetSecondFactor',
            { accountId: about.holder.accountId, code },
            { suppressErrorToast: true },
          );
          reloadWith('resetDone');
        }
      },
      (error) => {
        if (!(error instanceof Error)) showToast({ message: String(error), type: 'error' });
      },
    );

  return (
    <div className="space-y-8">
      {holders.length === 0 ? (
        <p>{t('staff:roles.empty')}</p>
      ) : (
        <table className="stack-table table">
          <thead>
            <tr>
              <th scope="col">{t('staff:roles.holder')}</th>
              <th scope="col">{t('staff:roles.held')}</th>
              <th scope="col">{t('staff:roles.factor')}</th>
            </tr>
          </thead>
          <tbody>
            {holders.map((h) => (
              <tr key={h.accountId}>
                <td data-label={t('staff:roles.holder')}>
                  <div className="font-medium">
                    {h.name}
                    {h.accountId === self && ` (${t('staff:roles.you')})`}
                  </div>
                  <div className="text-sm break-all text-base-content/70">{h.email}</div>
                </td>
                <td data-label={t('staff:roles.held')}>
                  <ul className="space-y-1">
                    {h.roles.map((r) => (
                      <li key={r.role} className="flex flex-wrap items-center gap-2">
                        <span title={r.granted}>{roleName(r.role)}</span>
                        <button
                          type="button"
                          className="btn btn-ghost btn-xs"
                          aria-label={`${t('staff:roles.revoke')}: ${roleName(r.role)}, ${h.name}`}
                          onClick={() => change.ask({ kind: 'revoke', holder: h, role: r.role })}
                        >
                          {t('staff:roles.revoke')}
                        </button>
                      </li>
                    ))}
                  </ul>
                </td>
                <td data-label={t('staff:roles.factor')}>
                  <div>{t(h.secondFactor ? 'staff:roles.factorSet' : 'staff:roles.factorNone')}</div>
                  {h.secondFactor && h.accountId !== self && (
                    <button
                      type="button"
                      className="btn btn-ghost btn-xs"
                      aria-label={`${t('staff:roles.reset')}: ${h.name}`}
                      onClick={() => change.ask({ kind: 'reset', holder: h })}
                    >
                      {t('staff:roles.reset')}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}

      <section aria-labelledby={`${id}-grant`} className="card bg-base-100 shadow-sm">
        <div className="card-body">
          <h2 id={`${id}-grant`} className="card-title text-lg">
            {t('staff:roles.grantTitle')}
          </h2>
          <IslandForm onSubmit={onGrant} busy={grant.submitting}>
            <FormAlert message={grant.formError} />
            <Field
              {...grant.field('email')}
              type="email"
              label={t('staff:roles.email')}
              hint={t('staff:roles.emailHint')}
              autoComplete="off"
              required
              maxLength={254}
            />
            <div className="flex flex-col">
              <label htmlFor="field-role" className="mb-1 text-sm font-medium">
                {t('staff:roles.role')}
              </label>
              <select
                id="field-role"
                className="select select-bordered w-full max-w-md"
                value={String(grant.values.role)}
                onChange={(event) => grant.set('role', event.target.value)}
              >
                {ROLES.map((role) => (
                  <option key={role} value={role}>
                    {roleName(role)}
                  </option>
                ))}
              </select>
            </div>
            <CodeField
              t={t}
              label={t('staff:roles.codeFor')}
              value={String(grant.values.code)}
              onChange={(v) => grant.set('code', v)}
              onBlur={() => grant.touch('code')}
              error={grant.errorOf('code')}
            />
            <button type="submit" className="btn btn-primary" disabled={grant.submitting} aria-busy={grant.submitting}>
              {t(grant.submitting ? 'staff:roles.working' : 'staff:roles.grant')}
            </button>
          </IslandForm>
        </div>
      </section>

      <ConfirmDialog
        ref={change.ref}
        title={
          pending?.kind === 'revoke'
            ? t('staff:roles.revokeTitle', { role: roleName(pending.role), name: pending.holder.name })
            : pending
              ? t('staff:roles.resetTitle', { name: pending.holder.name })
              : ''
        }
        text={t(pending?.kind === 'reset' ? 'staff:roles.resetBody' : 'staff:roles.revokeBody')}
        cancel={t('staff:roles.cancel')}
        confirm={t(
          change.pending
            ? 'staff:roles.working'
            : pending?.kind === 'reset'
              ? 'staff:roles.reset'
              : 'staff:roles.revoke',
        )}
        onConfirm={() => void confirm()}
        danger
        busy={change.pending}
      >
        <CodeField t={t} name="dialog-code" label={t('staff:roles.codeFor')} {...change.field} />
      </ConfirmDialog>
    </div>
  );
}
