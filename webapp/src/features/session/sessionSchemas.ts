import type { TFunction } from 'i18next';
import { yup } from '../../shared/validation';

/** The session forms' rules (spec 1 §5). */

export function loginSchema(t: TFunction) {
  return yup.object({
    email: yup.string().label(t('session.fields.email')).required().email(),
    password: yup.string().label(t('session.fields.password')).required(),
    rememberMe: yup.boolean().default(false),
  });
}

export function forgotPasswordSchema(t: TFunction) {
  return yup.object({
    email: yup.string().label(t('session.fields.email')).required().email(),
  });
}

export function signupSchema(t: TFunction) {
  return yup.object({
    firstname: yup.string().label(t('session.fields.firstname')).required(),
    lastname: yup.string().label(t('session.fields.lastname')).required(),
    email: yup.string().label(t('session.fields.email')).required().email(),
    password: yup.string().label(t('session.fields.password')).required(),
    confirmPassword: yup
      .string()
      .label(t('session.fields.confirmPassword'))
      .required()
      .confirm('password', t('session.fields.password')),
  });
}

export function resetPasswordSchema(t: TFunction) {
  return yup.object({
    password: yup.string().label(t('session.fields.newPassword')).required(),
    confirmPassword: yup
      .string()
      .label(t('session.fields.confirmPassword'))
      .required()
      .confirm('password', t('session.fields.newPassword')),
  });
}
