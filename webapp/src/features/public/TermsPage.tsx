import DOMPurify from 'dompurify';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../shared/ui/Alert';
import { useGetTermsQuery } from './publicApi';
import type { TermsKind } from './types';

/** /terms and /subscription-terms: the club's terms HTML, sanitised. */
export function TermsPage({ kind }: { kind: TermsKind }) {
  const { t } = useTranslation();
  const { data, isError, isLoading } = useGetTermsQuery(kind);
  const html = data ? DOMPurify.sanitize(data) : '';
  return (
    <article className="tb-page tb-terms">
      <h1>{kind === 'terms' ? t('public.terms.title') : t('public.terms.subscriptionTitle')}</h1>
      {isError && <Alert severity="error">{t('public.terms.failed')}</Alert>}
      {!isLoading && !isError && html.trim() === '' && <p>{t('public.terms.empty')}</p>}
      {html.trim() !== '' && <div dangerouslySetInnerHTML={{ __html: html }} />}
    </article>
  );
}
