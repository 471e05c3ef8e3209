import { Formik } from 'formik';
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../api/baseApi';
import { Form } from '../../shared/ui/Form';
import { applyServerErrors } from '../../shared/ui/formErrors';
import { TextAreaField, TextField } from '../../shared/ui/FormFields';
import { Preloader } from '../../shared/ui/Preloader';
import { useToast } from '../../shared/ui/Toast';
import { useGetProfileQuery, useSaveProfileMutation } from './settingsApi';
import {
  UserFields,
  userFormValues,
  userPayload,
  userSchema,
  type UserFormValues,
} from './UserFields';

interface ProfileValues extends UserFormValues {
  title: string;
  signature: string;
}

/** /profile, staff variant (spec 3 §2, §3 Profile): the user's own fields; the e-mail is read-only. */
export function ProfilePage() {
  const { t } = useTranslation();
  const toast = useToast();
  const query = useGetProfileQuery();
  const [save] = useSaveProfileMutation();
  const stored = query.data;
  const initialValues = useMemo<ProfileValues | null>(
    () =>
      stored
        ? {
            ...userFormValues(stored),
            title: stored.title ?? '',
            signature: stored.signature ?? '',
          }
        : null,
    [stored],
  );
  const schema = useMemo(() => userSchema(t, false), [t]);
  if (!initialValues || !stored) return <Preloader label={t('common.loading')} />;
  return (
    <Formik<ProfileValues>
      initialValues={initialValues}
      enableReinitialize
      validationSchema={schema}
      onSubmit={async (values, helpers) => {
        try {
          // The e-mail and its confirmation are not the user's to change here.
          const payload = userPayload(values, stored.picture);
          delete payload.emailConfirmed;
          delete payload.email;
          await save({ data: payload, file: values.file }).unwrap();
          toast.success(t('settings.profile.saved'));
          await query.refetch();
          void helpers.setFieldValue('file', null, false);
          void helpers.setFieldValue('password', '', false);
        } catch (error) {
          const fieldErrors = applyServerErrors(helpers.setErrors, error);
          const message =
            apiErrorMessage(error) ?? (fieldErrors ? undefined : t('common.errors.generic'));
          if (message) toast.error(message);
        }
      }}
    >
      {(form) => (
        <Form className="tb-page" label={t('settings.profile.title')}>
          <div className="tb-page-header">
            <h1>{t('settings.profile.title')}</h1>
            <div className="tb-page-actions">
              <Button
                type="submit"
                icon="pi pi-save"
                label={t('common.save')}
                loading={form.isSubmitting}
              />
            </div>
          </div>
          <Card className="tb-card">
            <TextField name="email" label={t('settings.user.email')} disabled />
            <TextField name="title" label={t('settings.profile.jobTitle')} />
            <UserFields hideEmailConfirmed />
            <TextAreaField name="signature" label={t('settings.profile.signature')} />
          </Card>
        </Form>
      )}
    </Formik>
  );
}
