import { act, render } from '@testing-library/react';
import { useLayoutEffect, type ReactNode } from 'react';
import {
  MemoryRouter,
  useLocation,
  useNavigate,
  useNavigationType,
  type Location,
  NavigationType,
  type NavigateFunction,
  type To,
} from 'react-router';
import { App } from '../app/App';
import { createStore } from '../app/store';

// The router loads its pages when they are first shown, and the event editor the other areas'
// tabs (app/eventEditorParts). A test loads them all before it renders, so that finding a page's
// elements waits on the page and never on compiling its code.
await Promise.all(
  [
    ...Object.values(import.meta.glob('../features/*/*Page.tsx')),
    () => import('../app/eventEditorParts'),
  ].map((load) => load()),
);

/** What a test reads of the app's router and does with it: where it is, and go somewhere. */
export interface TestRouter {
  /** Where the app is, and how it got there (PUSH, REPLACE or POP). */
  state: { location: Location; historyAction: NavigationType };
  navigate(to: To | number): Promise<void>;
}

/** Renders the whole app (store, router, layouts) at `path`, against msw handlers. */
export function renderApp(path = '/') {
  const store = createStore();
  let navigateTo: NavigateFunction | null = null;
  const router: TestRouter = {
    state: {
      location: { pathname: '', search: '', hash: '', state: null, key: '' },
      historyAction: NavigationType.Pop,
    },
    async navigate(to) {
      await act(async () => {
        if (!navigateTo) throw new Error('the app has not rendered its router yet');
        if (typeof to === 'number') await navigateTo(to);
        else await navigateTo(to);
      });
    },
  };
  /** Keeps `router` up to date with the app's memory router. */
  function Probe() {
    const location = useLocation();
    const navigate = useNavigate();
    const historyAction = useNavigationType();
    useLayoutEffect(() => {
      router.state = { location, historyAction };
      navigateTo = navigate;
    }, [location, historyAction, navigate]);
    return null;
  }
  function TestMemoryRouter({ children }: { children: ReactNode }) {
    return (
      <MemoryRouter initialEntries={[path]}>
        <Probe />
        {children}
      </MemoryRouter>
    );
  }
  const view = render(<App store={store} Router={TestMemoryRouter} />);
  return { ...view, store, router };
}
