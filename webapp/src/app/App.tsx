import { PrimeReactProvider, type APIOptions } from 'primereact/api';
import { Suspense, useState } from 'react';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router';
import { ThemeSync } from '../features/shell/ThemeSync';
import { lazyPage } from '../shared/areaRoutes';
import { ToastProvider } from '../shared/ui/Toast';
import { createRouter } from './router';
import { createStore, type AppStore } from './store';

/**
 * PrimeReact for every screen: no ripple; a Dropdown's hidden native <select> (kept for forms) is
 * hidden from assistive technology too, where it read as a second, nameless field beside the
 * named combobox (axe: select-name); so is its arrow, an unnamed 'button' that cannot be focused.
 */
const PRIME_REACT: Partial<APIOptions> = {
  ripple: false,
  pt: {
    dropdown: {
      select: { 'aria-hidden': true, tabIndex: -1 },
      // The arrow opens the list with the mouse; the combobox itself is what a keyboard and a screen reader use.
      trigger: { 'aria-hidden': true },
    },
  },
};

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
      <PrimeReactProvider value={PRIME_REACT}>
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
