import { Formik } from 'formik';
import { Button } from 'primereact/button';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { reloadSession } from '../../api/appApi';
import { apiErrorMessage } from '../../api/baseApi';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { Alert } from '../../shared/ui/Alert';
import { Form } from '../../shared/ui/Form';
import { CheckboxField, PasswordField, TextField } from '../../shared/ui/FormFields';
import { AuthCard } from './AuthCard';
import { useLoginMutation } from './sessionApi';
import { loginSchema } from './sessionSchemas';
import { returnToUsed, selectLoginTarget } from './sessionSlice';

/** /login: after success the user and client are reloaded and the app returns to where it was. */
export function LoginPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const target = useAppSelector(selectLoginTarget);
  const [login] = useLoginMutation();
  const [serverError, setServerError] = useState<string>();
  const schema = useMemo(() => loginSchema(t), [t]);

  const confirmed = params.get('confirmed');
  return (
    <AuthCard title={t('session.login.title')}>
      {confirmed === '1' && <Alert severity="success">{t('session.login.confirmed')}</Alert>}
      {confirmed === '0' && <Alert severity="error">{t('session.login.confirmFailed')}</Alert>}
      {params.get('reset') === '1' && (
        <Alert severity="success">{t('session.login.passwordReset')}</Alert>
      )}
      {serverError && <Alert severity="error">{serverError}</Alert>}
      <Formik
        initialValues={{ email: '', password: '', rememberMe: false }}
        validationSchema={schema}
        onSubmit={async (values) => {
          setServerError(undefined);
          try {
            await login(values).unwrap();
          } catch (error) {
            setServerError(apiErrorMessage(error) ?? t('session.login.failed'));
            return;
          }
          await dispatch(reloadSession());
          dispatch(returnToUsed());
          navigate(target, { replace: true });
        }}
      >
        {({ isSubmitting }) => (
          <Form className="tb-form" label={t('session.login.title')}>
            <TextField
              name="email"
              type="email"
              label={t('session.fields.email')}
              autoComplete="username"
            />
            <PasswordField name="password" label={t('session.fields.password')} />
            <CheckboxField name="rememberMe" label={t('session.fields.rememberMe')} />
            <Button type="submit" label={t('session.login.submit')} loading={isSubmitting} />
          </Form>
        )}
      </Formik>
      <p className="tb-auth-links">
        <Link to="/forgot-password">{t('session.login.forgot')}</Link>
        <span>
          {t('session.login.noAccount')} <Link to="/signup">{t('session.login.signup')}</Link>
        </span>
      </p>
    </AuthCard>
  );
}
