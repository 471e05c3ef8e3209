import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <section className="tb-not-found">
      <h1>{t('shell.notFound.title')}</h1>
      <Link to="/" className="p-button p-component">
        {t('shell.notFound.home')}
      </Link>
    </section>
  );
}
