import { render } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { App } from '../app/App';
import { routes } from '../app/router';
import { createStore } from '../app/store';

// The router loads its pages when they are first shown. A test loads them all before it renders,
// so that finding a page's elements waits on the page and never on compiling its code.
await Promise.all(Object.values(import.meta.glob('../features/*/*Page.tsx')).map((load) => load()));

/** Renders the whole app (store, router, layouts) at `path`, against msw handlers. */
export function renderApp(path = '/') {
  const store = createStore();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(<App store={store} router={router} />);
  return { ...view, store, router };
}
