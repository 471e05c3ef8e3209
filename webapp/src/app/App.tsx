import { PrimeReactProvider } from 'primereact/api';
import { Suspense, useState } from 'react';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router';
import { ThemeSync } from '../features/shell/ThemeSync';
import { lazyPage } from '../shared/areaRoutes';
import { ToastProvider } from '../shared/ui/Toast';
import { createRouter } from './router';
import { createStore, type AppStore } from './store';

// PrimeReact's dialog comes after the first page: a confirmation is asked for only after a click.
const ConfirmDialogHost = lazyPage(() =>
  import('../shared/ui/ConfirmButton').then((module) => module.ConfirmDialogHost),
);

interface AppProps {
  /** Tests pass their own store; the app makes one. */
  store?: AppStore;
  router?: ReturnType<typeof createRouter>;
}

export function App({ store: givenStore, router: givenRouter }: AppProps) {
  const [store] = useState(() => givenStore ?? createStore());
  const [router] = useState(() => givenRouter ?? createRouter());
  return (
    <Provider store={store}>
      <PrimeReactProvider value={{ ripple: false }}>
        <ThemeSync />
        <ToastProvider>
          <Suspense fallback={null}>
            <ConfirmDialogHost />
          </Suspense>
          <RouterProvider router={router} />
        </ToastProvider>
      </PrimeReactProvider>
    </Provider>
  );
}
