import DOMPurify from 'dompurify';
import { Formik } from 'formik';
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { Message } from 'primereact/message';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reloadSession } from '../../api/appApi';
import { apiErrorMessage } from '../../api/baseApi';
import { useAppDispatch } from '../../app/hooks';
import { Form } from '../../shared/ui/Form';
import { PasswordField, TextField } from '../../shared/ui/FormFields';
import { yup } from '../../shared/validation';
import { shopApi, useShopLoginMutation } from './shopApi';

/** The server's words on a failed login, which may hold HTML (spec 3 §8), in a red box. */
function LoginError({ message }: { message: string }) {
  const html = DOMPurify.sanitize(message);
  return (
    <Message
      severity="error"
      role="alert"
      className="tb-alert"
      content={<span dangerouslySetInnerHTML={{ __html: html }} />}
    />
  );
}

/**
 * 'Log ind eller køb som gæst' (spec 3 §4 "Web shop login"): a visitor with a user logs in here
 * and goes on with the checkout as the customer. The session is read again (the page then knows
 * the customer), and so is the cart: the server joins the visitor's cart to the customer's.
 */
export function ShopLogin() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const titleId = useId();
  const [login] = useShopLoginMutation();
  const [failed, setFailed] = useState<string>();
  const schema = useMemo(
    () =>
      yup.object({
        email: yup.string().label(t('shop.login.email')).trim().required().email(),
        password: yup.string().label(t('shop.login.password')).required(),
      }),
    [t],
  );
  return (
    <Card className="tb-card tb-shop-login">
      <section aria-labelledby={titleId}>
        <h2 id={titleId} className="tb-card-title">
          {t('shop.login.title')}
        </h2>
        <p>{t('shop.login.intro')}</p>
        {failed && <LoginError message={failed} />}
        <Formik
          initialValues={{ email: '', password: '' }}
          validationSchema={schema}
          onSubmit={async (values) => {
            setFailed(undefined);
            try {
              await login({
                email: values.email.trim(),
                password: values.password,
                rememberMe: false,
              }).unwrap();
            } catch (error) {
              setFailed(apiErrorMessage(error) ?? t('shop.checkout.unknownError'));
              return;
            }
            await dispatch(reloadSession());
            dispatch(shopApi.util.invalidateTags(['Cart']));
          }}
        >
          {({ isSubmitting }) => (
            <Form className="tb-form tb-shop-login-form" label={t('shop.login.form')}>
              <TextField
                name="email"
                type="email"
                label={t('shop.login.email')}
                autoComplete="username"
              />
              <PasswordField name="password" label={t('shop.login.password')} />
              <div className="tb-form-actions">
                <Button
                  type="submit"
                  icon="pi pi-sign-in"
                  label={t('shop.login.submit')}
                  loading={isSubmitting}
                />
              </div>
            </Form>
          )}
        </Formik>
      </section>
    </Card>
  );
}
