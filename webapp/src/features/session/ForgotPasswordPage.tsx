import { Formik } from 'formik';
import { Button } from 'primereact/button';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '../../shared/ui/Alert';
import { Form } from '../../shared/ui/Form';
import { TextField } from '../../shared/ui/FormFields';
import { AuthCard } from './AuthCard';
import { useForgotPasswordMutation } from './sessionApi';
import { forgotPasswordSchema } from './sessionSchemas';

/** /forgot-password: success shows a confirmation; a failure only hides it (spec 1 §4). */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const [forgotPassword] = useForgotPasswordMutation();
  const [sent, setSent] = useState(false);
  const schema = useMemo(() => forgotPasswordSchema(t), [t]);

  return (
    <AuthCard title={t('session.forgot.title')}>
      <p>{t('session.forgot.intro')}</p>
      {sent && <Alert severity="success">{t('session.forgot.success')}</Alert>}
      <Formik
        initialValues={{ email: '' }}
        validationSchema={schema}
        onSubmit={async (values) => {
          setSent(false);
          try {
            await forgotPassword(values).unwrap();
            setSent(true);
          } catch {
            setSent(false);
          }
        }}
      >
        {({ isSubmitting }) => (
          <Form className="tb-form" label={t('session.forgot.title')}>
            <TextField
              name="email"
              type="email"
              label={t('session.fields.email')}
              autoComplete="email"
            />
            <Button type="submit" label={t('session.forgot.submit')} loading={isSubmitting} />
          </Form>
        )}
      </Formik>
      <p className="tb-auth-links">
        <Link to="/login">{t('session.forgot.back')}</Link>
      </p>
    </AuthCard>
  );
}
