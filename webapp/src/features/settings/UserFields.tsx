import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { CheckboxField, PasswordField, TextAreaField, TextField } from '../../shared/ui/FormFields';
import { ImageField } from '../../shared/ui/ImageField';
import { yup } from '../../shared/validation';
import type { UserDetail } from './types';

export interface UserFormValues {
  email: string;
  password: string;
  firstname: string;
  lastname: string;
  phone: string;
  mobile: string;
  about: string;
  linkedin: string;
  emailConfirmed: boolean;
  picture: string | null;
  file: File | null;
}

export function userFormValues(user?: UserDetail): UserFormValues {
  return {
    email: user?.email ?? '',
    password: '',
    firstname: user?.firstname ?? '',
    lastname: user?.lastname ?? '',
    phone: user?.phone ?? '',
    mobile: user?.mobile ?? '',
    about: user?.about ?? '',
    linkedin: user?.linkedin ?? '',
    emailConfirmed: user?.emailConfirmed ?? false,
    picture: user?.picture ?? null,
    file: null,
  };
}

/** Spec 1 §5 "Club user": first name required, the picture an image; e-mail on create. */
export function userSchema(t: TFunction, checkEmail: boolean) {
  return yup.object({
    email: checkEmail
      ? yup.string().label(t('settings.user.email')).trim().required().email()
      : yup.string(),
    firstname: yup.string().label(t('settings.user.firstname')).trim().required(),
    password: yup.string().label(t('settings.user.password')).min(8),
    file: yup.mixed().nullable().label(t('settings.user.picture')).image(),
  });
}

/** The user's own fields, without the e-mail (each screen shows it its own way). */
export function UserFields({
  disabled,
  hideEmailConfirmed,
}: {
  disabled?: boolean;
  hideEmailConfirmed?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      <div className="tb-form-grid">
        <PasswordField
          name="password"
          label={t('settings.user.password')}
          disabled={disabled}
          autoComplete="new-password"
        />
        <TextField name="firstname" label={t('settings.user.firstname')} disabled={disabled} />
        <TextField name="lastname" label={t('settings.user.lastname')} disabled={disabled} />
        <TextField name="phone" type="tel" label={t('settings.user.phone')} disabled={disabled} />
        <TextField name="mobile" type="tel" label={t('settings.user.mobile')} disabled={disabled} />
        <TextField name="linkedin" label={t('settings.user.linkedin')} disabled={disabled} />
      </div>
      <TextAreaField name="about" label={t('settings.user.about')} disabled={disabled} />
      {!hideEmailConfirmed && (
        <CheckboxField
          name="emailConfirmed"
          label={t('settings.user.emailConfirmed')}
          disabled={disabled}
        />
      )}
      <ImageField
        name="file"
        urlName="picture"
        label={t('settings.user.picture')}
        disabled={disabled}
      />
    </>
  );
}

/** The user fields as the API reads them; `picture: null` removes the stored picture. */
export function userPayload(
  values: UserFormValues,
  stored: string | null,
): Record<string, unknown> {
  const { password, picture, ...rest } = values;
  const fields: Record<string, unknown> = { ...rest };
  delete fields.file;
  return {
    ...fields,
    ...(password ? { password } : {}),
    ...(stored && picture === null ? { picture: null } : {}),
  };
}
