import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { useAppSession } from '../../api/appApi';
import { Preloader } from '../../shared/ui/Preloader';

/** Loads app, user, client and modules once; until they answered the preloader is shown. */
export function StartupGate() {
  const { t } = useTranslation();
  const { loaded } = useAppSession();
  return loaded ? <Outlet /> : <Preloader label={t('shell.preloader')} />;
}
