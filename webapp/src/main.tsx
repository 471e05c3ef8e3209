import 'primeicons/primeicons.css';
import './app/fonts/primeicons-public.css';
import './app/font.css';
import './shared/ui/primeShell.css';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { SESSION_READS } from './api/appApi';
import { startEarlyGet } from './api/earlyGet';
import { App } from './app/App';
import { initI18n } from './app/i18n';
import { preloadPages } from './app/router';

const root = document.getElementById('root');
// The session's reads and the page's code (and its first read) travel while the app starts.
for (const path of SESSION_READS) startEarlyGet(path);
preloadPages(window.location.pathname);
// English texts are fetched first when English is the chosen language (Danish comes with the app).
void initI18n().then(() => {
  if (root) {
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  }
});
