import {
  matchRoutes,
  useLocation,
  useRoutes,
  type NonIndexRouteObject,
  type RouteObject,
} from 'react-router';
import { useAppSession } from '../api/appApi';
import { RouteGuard } from '../features/session/RouteGuard';
import { StartupGate } from '../features/session/StartupGate';
import { isValidElement, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { isLazyPage, lazyPage, type AreaRoutes } from '../shared/areaRoutes';
import {
  isRouteHandle,
  RouteMatchesContext,
  useRouteHandle,
  type RouteHandle,
  type RouteMatchInfo,
} from '../shared/routeHandle';
import { startEarlyGet } from '../api/earlyGet';
import { ErrorBoundary } from '../shared/ui/ErrorBoundary';
import { Preloader } from '../shared/ui/Preloader';
import { needTexts } from './i18n';
import { PublicLayout } from './layouts/PublicLayout';

/**
 * The back office comes with its texts when a member of staff first needs it: the public site
 * (a buyer on a phone) loads neither (issue 36).
 */
const BackOfficeLayout = lazyPage(() =>
  Promise.all([import('./layouts/BackOfficeLayout'), needTexts('backOffice')]).then(
    ([layout]) => layout.BackOfficeLayout,
  ),
);

const PublicHomePage = lazyPage(
  () => import('../features/public/PublicHomePage').then((page) => page.PublicHomePage),
  { primeReact: false },
);
const DashboardPage = lazyPage(() =>
  import('../features/dashboard/DashboardPage').then((page) => page.DashboardPage),
);
const NotFoundPage = lazyPage(() =>
  import('../features/shell/NotFoundPage').then((page) => page.NotFoundPage),
);

/** Public layout in public mode and on public-layout routes; otherwise the back office. */
function ModeLayout() {
  const { t } = useTranslation();
  const { publicMode } = useAppSession();
  const { publicLayout } = useRouteHandle();
  if (publicMode || publicLayout) return <PublicLayout />;
  return (
    <Suspense fallback={<Preloader label={t('shell.preloader')} />}>
      <BackOfficeLayout />
    </Suspense>
  );
}

/** '/' is the public home in public mode and the dashboard (the back-office home) otherwise. */
function HomePage() {
  const { publicMode } = useAppSession();
  return publicMode ? <PublicHomePage /> : <DashboardPage />;
}

/**
 * One route of two areas' routes under one path: the first one's element (the lower rank's; the
 * other's when the first has none), both handles (the side menu's entries one after the other)
 * and both children, joined in turn.
 */
function joinRoute(known: NonIndexRouteObject, route: NonIndexRouteObject): NonIndexRouteObject {
  const knownHandle: RouteHandle = known.handle ?? {};
  const handle: RouteHandle = route.handle ?? {};
  const sideNav = [...(knownHandle.sideNav ?? []), ...(handle.sideNav ?? [])];
  return {
    ...known,
    element: known.element ?? route.element,
    handle: {
      ...knownHandle,
      ...handle,
      ...(sideNav.length > 0 ? { sideNav } : {}),
    } satisfies RouteHandle,
    children: joinRoutes([...(known.children ?? []), ...(route.children ?? [])]),
  };
}

/**
 * Routes of several areas under one path become one route, at every level: the orders module's
 * orders, then its order setup; the staff page of /events/{id}, then the public event page as its
 * child (see the events area's routes).
 */
function joinRoutes(routes: RouteObject[]): RouteObject[] {
  const joined: RouteObject[] = [];
  for (const route of routes) {
    const index = route.index
      ? -1
      : joined.findIndex((known) => !known.index && known.path === route.path);
    const known = joined[index];
    if (route.index || route.path === undefined || !known || known.index) {
      joined.push(route);
      continue;
    }
    joined[index] = joinRoute(known, route);
  }
  return joined;
}

/** Every area's routes in the order of their rank, joined where they share a path. */
function areasRoutes(areas: AreaRoutes[]): RouteObject[] {
  return joinRoutes([...areas].sort((a, b) => a.rank - b.rank).flatMap((area) => area.routes));
}

const areas = Object.values(
  import.meta.glob<{ areaRoutes: AreaRoutes }>('../features/*/routes.tsx', { eager: true }),
).map((module) => module.areaRoutes);

export const routes: RouteObject[] = [
  {
    element: <StartupGate />,
    children: [
      {
        element: <RouteGuard />,
        children: [
          {
            element: <ModeLayout />,
            children: [
              {
                index: true,
                element: <HomePage />,
                handle: { name: 'home' } satisfies RouteHandle,
              },
              ...areasRoutes(areas),
              {
                path: '*',
                element: <NotFoundPage />,
                handle: { name: 'not-found', public: true } satisfies RouteHandle,
              },
            ],
          },
        ],
      },
    ],
  },
];

/**
 * Starts fetching the pages of the routes that `pathname` matches, while the app starts (its
 * session is read first): on a slow phone the page's code then arrives with the session instead
 * of after it. '/' fetches the public home (most who open the app there are buyers). A route that
 * names its first read (`earlyGet`) has that read started too.
 */
export function preloadPages(pathname: string) {
  for (const match of matchRoutes(routes, pathname) ?? []) {
    const { element, index } = match.route;
    if (index && match.pathname === '/') void PublicHomePage.preload();
    if (isValidElement(element) && isLazyPage(element.type)) void element.type.preload();
    const { handle } = match.route;
    if (isRouteHandle(handle) && handle.earlyGet) startEarlyGet(handle.earlyGet(match.params));
  }
}

/**
 * The app's routes at the current address, with the matches they make (`useRouteMatches`). The
 * router around it is the declarative one (BrowserRouter; a MemoryRouter in tests): no route
 * loads data, so a data router's code (about 55 kB, 15 kB brotli) would only weigh on every page.
 */
export function AppRoutes() {
  const location = useLocation();
  const matches = useMemo<RouteMatchInfo[]>(
    () =>
      (matchRoutes(routes, location) ?? []).map((match) => ({
        handle: match.route.handle,
        pathname: match.pathname,
        params: match.params,
      })),
    [location],
  );
  const element = useRoutes(routes, location);
  return (
    <RouteMatchesContext.Provider value={matches}>
      <ErrorBoundary resetKey={location.pathname}>{element}</ErrorBoundary>
    </RouteMatchesContext.Provider>
  );
}
