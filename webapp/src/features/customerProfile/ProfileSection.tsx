import { Formik } from 'formik';
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../api/baseApi';
import { yup } from '../../shared/validation';
import { Alert } from '../../shared/ui/Alert';
import { Form } from '../../shared/ui/Form';
import { applyServerErrors } from '../../shared/ui/formErrors';
import { TextField } from '../../shared/ui/FormFields';
import { Preloader } from '../../shared/ui/Preloader';
import { useToast } from '../../shared/ui/Toast';
import {
  useGetCustomerProfileQuery,
  useSaveCustomerProfileMutation,
  type CustomerProfile,
} from './customerProfileApi';

interface ProfileValues {
  email: string;
  firstname: string;
  lastname: string;
  phone: string;
  mobile: string;
}

function profileValues(profile: CustomerProfile): ProfileValues {
  return {
    email: profile.email,
    firstname: profile.firstname ?? '',
    lastname: profile.lastname ?? '',
    phone: profile.phone ?? '',
    mobile: profile.mobile ?? '',
  };
}

/** 'Profil': the customer's own fields; the e-mail is read-only, the first name required (§5). */
export function ProfileSection() {
  const { t } = useTranslation();
  const toast = useToast();
  const query = useGetCustomerProfileQuery();
  const [save] = useSaveCustomerProfileMutation();
  const stored = query.data;
  const initialValues = useMemo(() => (stored ? profileValues(stored) : null), [stored]);
  const schema = useMemo(
    () =>
      yup.object({
        firstname: yup.string().label(t('customerProfile.profile.firstname')).trim().required(),
      }),
    [t],
  );
  if (query.isError && !stored) {
    return <Alert severity="error">{t('customerProfile.profile.loadFailed')}</Alert>;
  }
  if (!initialValues || !stored) return <Preloader label={t('common.loading')} />;
  return (
    <Formik<ProfileValues>
      initialValues={initialValues}
      enableReinitialize
      validationSchema={schema}
      onSubmit={async (values, helpers) => {
        try {
          await save({
            firstname: values.firstname.trim(),
            lastname: values.lastname.trim(),
            phone: values.phone.trim(),
            mobile: values.mobile.trim(),
            // Not the customer's to see here, and the server writes them: kept as they are.
            about: stored.about,
            linkedin: stored.linkedin,
          }).unwrap();
          toast.success(t('customerProfile.profile.saved'));
        } catch (error) {
          const fieldErrors = applyServerErrors(helpers.setErrors, error);
          const message =
            apiErrorMessage(error) ?? (fieldErrors ? undefined : t('common.errors.generic'));
          if (message) toast.error(message);
        }
      }}
    >
      {(form) => (
        <Form label={t('customerProfile.sections.profile')}>
          <Card className="tb-card">
            <div className="tb-form-grid">
              <TextField
                name="firstname"
                label={t('customerProfile.profile.firstname')}
                autoComplete="given-name"
              />
              <TextField
                name="lastname"
                label={t('customerProfile.profile.lastname')}
                autoComplete="family-name"
              />
              <TextField
                name="email"
                type="email"
                label={t('customerProfile.profile.email')}
                help={t('customerProfile.profile.emailReadOnly')}
                disabled
              />
              <TextField
                name="phone"
                type="tel"
                label={t('customerProfile.profile.phone')}
                autoComplete="tel"
              />
              <TextField name="mobile" type="tel" label={t('customerProfile.profile.mobile')} />
            </div>
            <div className="tb-form-actions">
              <Button
                type="submit"
                icon="pi pi-save"
                label={t('common.save')}
                loading={form.isSubmitting}
              />
            </div>
          </Card>
        </Form>
      )}
    </Formik>
  );
}
