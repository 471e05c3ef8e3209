import 'primeicons/primeicons.css';
import 'primereact/resources/primereact.min.css';
import './app/font.css';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { initI18n } from './app/i18n';
import { preloadPages } from './app/router';

const root = document.getElementById('root');
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
