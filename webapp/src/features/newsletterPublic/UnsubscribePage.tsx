import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { apiErrorMessage, isApiError } from '../../api/baseApi';
import { Alert } from '../../shared/ui/Alert';
import { Preloader } from '../../shared/ui/Preloader';
import {
  useGetUnsubscriptionQuery,
  useUnsubscribeFromNewslettersMutation,
} from './newsletterPublicApi';
import './newsletterPublic.css';

/** No recipient has the token (404), or it is not a token at all (422). */
function isGone(error: unknown): boolean {
  return isApiError(error) && (error.status === 404 || error.status === 422);
}

/**
 * /newsletter/unsubscribe/{token}, the link of every newsletter mail: whose address and which
 * club, and 'Afmeld', after which the contact gets none of the club's newsletters. The page
 * shows what the server answered, so a second visit says it is done.
 */
export function UnsubscribePage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const page = useGetUnsubscriptionQuery(token);
  const [unsubscribe, unsubscribing] = useUnsubscribeFromNewslettersMutation();

  function failure(error: unknown): string {
    if (isGone(error)) return t('newsletterPublic.gone');
    return apiErrorMessage(error) ?? t('common.errors.generic');
  }

  let content;
  if (page.isLoading) {
    content = <Preloader label={t('common.loading')} />;
  } else if (page.isError || !page.data) {
    content = <Alert severity="error">{failure(page.error)}</Alert>;
  } else if (page.data.unsubscribed) {
    content = (
      <Alert severity="success">{t('newsletterPublic.done', { club: page.data.club })}</Alert>
    );
  } else {
    const { email, club } = page.data;
    content = (
      <>
        <p>{t('newsletterPublic.question', { email, club })}</p>
        {unsubscribing.isError && <Alert severity="error">{failure(unsubscribing.error)}</Alert>}
        <Button
          type="button"
          label={t('newsletterPublic.unsubscribe')}
          loading={unsubscribing.isLoading}
          onClick={() => void unsubscribe(token)}
        />
      </>
    );
  }

  return (
    <section className="tb-page tb-unsubscribe">
      <Card className="tb-card">
        <h1>{t('newsletterPublic.title')}</h1>
        {content}
      </Card>
    </section>
  );
}
