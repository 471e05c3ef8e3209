import { Formik } from 'formik';
import { Button } from 'primereact/button';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { Alert } from '../../shared/ui/Alert';
import { Form } from '../../shared/ui/Form';
import { PasswordField } from '../../shared/ui/FormFields';
import { AuthCard } from './AuthCard';
import { useResetPasswordMutation } from './sessionApi';
import { resetPasswordSchema } from './sessionSchemas';

/** /reset-password?token=…: without a token it goes to the login; success goes to the login too. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token');
  const [resetPassword] = useResetPasswordMutation();
  const [failed, setFailed] = useState(false);
  const schema = useMemo(() => resetPasswordSchema(t), [t]);

  if (!token) return <Navigate to="/login" replace />;
  return (
    <AuthCard title={t('session.reset.title')}>
      {failed && <Alert severity="error">{t('session.reset.failed')}</Alert>}
      <Formik
        initialValues={{ password: '', confirmPassword: '' }}
        validationSchema={schema}
        onSubmit={async (values) => {
          setFailed(false);
          try {
            await resetPassword({ resetToken: token, ...values }).unwrap();
          } catch {
            setFailed(true);
            return;
          }
          navigate('/login?reset=1', { replace: true });
        }}
      >
        {({ isSubmitting }) => (
          <Form className="tb-form" label={t('session.reset.title')}>
            <PasswordField
              name="password"
              label={t('session.fields.newPassword')}
              autoComplete="new-password"
            />
            <PasswordField
              name="confirmPassword"
              label={t('session.fields.confirmPassword')}
              autoComplete="new-password"
            />
            <Button type="submit" label={t('session.reset.submit')} loading={isSubmitting} />
          </Form>
        )}
      </Formik>
      <p className="tb-auth-links">
        <Link to="/login">{t('session.reset.back')}</Link>
      </p>
    </AuthCard>
  );
}
