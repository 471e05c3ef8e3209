import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { createStore } from '../app/store';
import { ConfirmDialogHost } from '../shared/ui/ConfirmButton';
import { ToastProvider } from '../shared/ui/Toast';

/** Renders a shared component as the back office has it: store, router, toasts, confirmations. */
export function renderShared(ui: ReactNode) {
  const store = createStore({
    apiMode: { appIsFrontend: false, hasClient: true, publicMode: false },
  });
  return render(
    <Provider store={store}>
      <MemoryRouter>
        <ToastProvider>
          <ConfirmDialogHost />
          {ui}
        </ToastProvider>
      </MemoryRouter>
    </Provider>,
  );
}
