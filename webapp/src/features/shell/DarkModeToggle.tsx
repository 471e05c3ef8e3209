import { Button } from 'primereact/button';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { darkModeToggled } from './uiPrefsSlice';

export function DarkModeToggle() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const darkMode = useAppSelector((state) => state.uiPrefs.darkMode);
  return (
    <Button
      type="button"
      text
      rounded
      icon={darkMode ? 'pi pi-sun' : 'pi pi-moon'}
      aria-label={darkMode ? t('shell.topbar.lightMode') : t('shell.topbar.darkMode')}
      aria-pressed={darkMode}
      tooltip={darkMode ? t('shell.topbar.lightMode') : t('shell.topbar.darkMode')}
      tooltipOptions={{ position: 'bottom' }}
      onClick={() => dispatch(darkModeToggled())}
    />
  );
}
