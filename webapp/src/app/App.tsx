import { Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router';
import { ThemeSync } from '../features/shell/ThemeSync';
import { lazyPage } from '../shared/areaRoutes';
import { useConfirmHostWanted } from '../shared/ui/confirmHost';
import { ToastProvider } from '../shared/ui/Toast';
import { AppRoutes } from './router';
import { createStore, type AppStore } from './store';

// PrimeReact's dialog comes with the first page that asks for a confirmation (confirmHost).
const ConfirmDialogHost = lazyPage(() =>
  import('../shared/ui/ConfirmButton').then((module) => module.ConfirmDialogHost),
);

interface AppProps {
  /** Tests pass their own store; the app makes one. */
  store?: AppStore;
  /** Tests put the app in a MemoryRouter; the app is in the browser's. */
  Router?: ComponentType<{ children: ReactNode }>;
}

export function App({ store: givenStore, Router = BrowserRouter }: AppProps) {
  const [store] = useState(() => givenStore ?? createStore());
  const confirmHost = useConfirmHostWanted();
  return (
    <Provider store={store}>
      <ThemeSync />
      <ToastProvider>
        {confirmHost && (
          <Suspense fallback={null}>
            <ConfirmDialogHost />
          </Suspense>
        )}
        <Router>
          <AppRoutes />
        </Router>
      </ToastProvider>
    </Provider>
  );
}
