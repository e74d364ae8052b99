import { useEffect, useRef, useState } from 'react';
import { apiPut } from '@/client/api';
import { navigate } from '@/client/navigation';
import { getT } from '@/i18n';
import type { Locale } from '@/lib/locales';
import { localePath } from '@/lib/paths';
import { changePasswordBody } from '@/lib/schemas/account';
import type { UserType } from '@/stores/session';
import { showToast } from '@/stores/toast';
import FormAlert from '../shared/FormAlert';
import NewPasswordFields, { NEW_PASSWORD, passwordPairCheck } from '../shared/NewPasswordFields';
import PasswordField from '../shared/PasswordField';
import { useForm } from '../shared/use-form';
import IslandForm from '../shared/IslandForm';

interface Props {
  locale: Locale;
  userType: UserType;
  /** The account's e-mail: the new password must not be its name part. */
  email: string;
  /** Where to go once the password is changed (first sign-in); null stays on the page. */
  successPath: string | null;
}

const FAMILY: Record<UserType, string> = { individual: 'amsw0101', organ: 'amsw0103' };

/**
 * Changes the signed-in account's password with the current one. Staying on the page, the form
 * empties itself and says so; the account's other sessions have ended on the server.
 */
export default function ChangePasswordForm(props: Props) {
  const t = getT(props.locale);
  const [done, setDone] = useState(false);
  const [generation, setGeneration] = useState(0);
  const doneMessage = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    if (done) doneMessage.current?.focus();
  }, [done, generation]);

  return (
    <div className="space-y-4">
      {done && (
        <div role="status" className="rounded-box border border-success/40 bg-success/10 p-4">
          <p ref={doneMessage} tabIndex={-1} className="text-sm font-medium outline-none">
            {t('account:password.done')}
          </p>
        </div>
      )}
      <PasswordForm
        key={generation}
        {...props}
        onChanging={() => setDone(false)}
        onChanged={() => {
          setDone(true);
          // A new form: empty, with nothing marked as touched.
          setGeneration((g) => g + 1);
        }}
      />
    </div>
  );
}

function PasswordForm({
  locale,
  userType,
  email,
  successPath,
  onChanging,
  onChanged,
}: Props & { onChanging: () => void; onChanged: () => void }) {
  const t = getT(locale);
  const form = useForm({
    schema: changePasswordBody,
    initial: { currentPassword: '', newPassword: '', confirmPassword: '' },
    labels: {
      currentPassword: t('account:fields.currentPassword'),
      newPassword: t('account:fields.newPassword'),
      confirmPassword: t('account:fields.confirmPassword'),
    },
    t,
    extraCheck: (values) => ({
      ...(values.newPassword && values.newPassword === values.currentPassword
        ? { newPassword: t('errors:samePassword') }
        : {}),
      ...passwordPairCheck(NEW_PASSWORD, values, { email }, t),
    }),
  });

  const onSubmit = async (event: React.SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    onChanging();
    await form.submit(async (values) => {
      await apiPut(
        `/api/${FAMILY[userType]}/editCid`,
        { currentPassword: values.currentPassword, newPassword: values.newPassword },
        { suppressErrorToast: true },
      );
      showToast({ message: t('password:change.changed'), type: 'success' });
      if (successPath) navigate(localePath(successPath, locale));
      else onChanged();
    });
  };

  return (
    <IslandForm onSubmit={onSubmit} busy={form.submitting}>
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <FormAlert message={form.formError} />
      <PasswordField
        {...form.field('currentPassword')}
        label={t('account:fields.currentPassword')}
        autoComplete="current-password"
        t={t}
      />
      <NewPasswordFields pair={NEW_PASSWORD} form={form} context={{ email }} t={t} />
      <button type="submit" className="btn btn-primary w-full" disabled={form.submitting}>
        {form.submitting ? t('account:common.submitting') : t('account:password.submit')}
      </button>
    </IslandForm>
  );
}
