import type { TFunction } from 'i18next';
import type { UserType } from '@/stores/session';

interface Props {
  t: TFunction;
  value: UserType;
  onChange: (value: UserType) => void;
  /** The group's name for screen readers; "account type" unless told. */
  legend?: string;
}

/** Individual or organisation, as two radio buttons drawn as one segmented button. */
export default function UserTypeChoice({ t, value, onChange, legend = t('password:userType') }: Props) {
  return (
    <fieldset className="w-full">
      <legend className="sr-only">{legend}</legend>
      <div className="join w-full">
        {(['individual', 'organ'] as const).map((type) => (
          <label
            key={type}
            className={`btn join-item flex-1 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 ${value === type ? 'btn-primary' : 'btn-outline'}`}
          >
            <input
              type="radio"
              name="userType"
              value={type}
              checked={value === type}
              onChange={() => onChange(type)}
              className="sr-only"
            />
            {type === 'individual' ? t('account:login.individualTab') : t('account:login.organTab')}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
