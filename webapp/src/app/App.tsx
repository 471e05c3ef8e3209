import { PrimeReactProvider } from 'primereact/api';
import { useState } from 'react';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router';
import { ThemeSync } from '../features/shell/ThemeSync';
import { ConfirmDialogHost } from '../shared/ui/ConfirmButton';
import { ToastProvider } from '../shared/ui/Toast';
import { createRouter } from './router';
import { createStore, type AppStore } from './store';

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
          <ConfirmDialogHost />
          <RouterProvider router={router} />
        </ToastProvider>
      </PrimeReactProvider>
    </Provider>
  );
}
