import { render } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { App } from '../app/App';
import { routes } from '../app/router';
import { createStore } from '../app/store';

/** Renders the whole app (store, router, layouts) at `path`, against msw handlers. */
export function renderApp(path = '/') {
  const store = createStore();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(<App store={store} router={router} />);
  return { ...view, store, router };
}
