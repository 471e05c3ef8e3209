import { useEffect } from 'react';
import { useAppSelector } from '../../app/hooks';
import { announceThemeApplied } from '../../shared/ui/themeRevision';

export const THEME_URLS = {
  light: '/themes/lara-light-blue/theme.css',
  dark: '/themes/lara-dark-blue/theme.css',
};

/** Keeps <html data-theme> and the PrimeReact theme stylesheet in step with the dark-mode choice. */
export function ThemeSync() {
  const darkMode = useAppSelector((state) => state.uiPrefs.darkMode);
  useEffect(() => {
    const root = document.documentElement;
    if (darkMode) root.setAttribute('data-theme', 'dark');
    else root.removeAttribute('data-theme');
    const link = document.getElementById('theme-link');
    if (link instanceof HTMLLinkElement) {
      const href = darkMode ? THEME_URLS.dark : THEME_URLS.light;
      if (link.getAttribute('href') !== href) {
        // The new theme's colours are there once its stylesheet has loaded.
        link.addEventListener('load', announceThemeApplied, { once: true });
        link.setAttribute('href', href);
      }
    }
  }, [darkMode]);
  return null;
}
