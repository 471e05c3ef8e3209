import { Formik } from 'formik';
import { Button } from 'primereact/button';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { apiErrorMessage, isApiError } from '../../api/baseApi';
import { Alert } from '../../shared/ui/Alert';
import { Form } from '../../shared/ui/Form';
import { PasswordField, TextField } from '../../shared/ui/FormFields';
import { AuthCard } from './AuthCard';
import { useRegisterMutation } from './sessionApi';
import { signupSchema } from './sessionSchemas';

const initialValues = { firstname: '', lastname: '', email: '', password: '', confirmPassword: '' };

/** /signup: registers a customer of the current club; success hides the form and explains the mail. */
export function SignupPage() {
  const { t } = useTranslation();
  const [register] = useRegisterMutation();
  const [serverError, setServerError] = useState<string>();
  const [registeredEmail, setRegisteredEmail] = useState<string>();
  const schema = useMemo(() => signupSchema(t), [t]);

  return (
    <AuthCard title={t('session.signup.title')}>
      {registeredEmail ? (
        <Alert severity="success">{t('session.signup.success', { email: registeredEmail })}</Alert>
      ) : (
        <>
          {serverError && <Alert severity="error">{serverError}</Alert>}
          <Formik
            initialValues={initialValues}
            validationSchema={schema}
            onSubmit={async (values, helpers) => {
              setServerError(undefined);
              try {
                await register(values).unwrap();
                setRegisteredEmail(values.email);
              } catch (error) {
                setServerError(apiErrorMessage(error) ?? t('session.signup.failed'));
                if (isApiError(error) && error.errors) {
                  helpers.setErrors(
                    Object.fromEntries(
                      Object.entries(error.errors).map(([field, messages]) => [
                        field,
                        messages.join(' '),
                      ]),
                    ),
                  );
                }
              }
            }}
          >
            {({ isSubmitting }) => (
              <Form className="tb-form" label={t('session.signup.title')}>
                <TextField
                  name="firstname"
                  label={t('session.fields.firstname')}
                  autoComplete="given-name"
                />
                <TextField
                  name="lastname"
                  label={t('session.fields.lastname')}
                  autoComplete="family-name"
                />
                <TextField
                  name="email"
                  type="email"
                  label={t('session.fields.email')}
                  autoComplete="email"
                />
                <PasswordField
                  name="password"
                  label={t('session.fields.password')}
                  autoComplete="new-password"
                />
                <PasswordField
                  name="confirmPassword"
                  label={t('session.fields.confirmPassword')}
                  autoComplete="new-password"
                />
                <Button type="submit" label={t('session.signup.submit')} loading={isSubmitting} />
              </Form>
            )}
          </Formik>
        </>
      )}
      <p className="tb-auth-links">
        <span>
          {t('session.signup.hasAccount')} <Link to="/login">{t('session.signup.login')}</Link>
        </span>
      </p>
    </AuthCard>
  );
}
