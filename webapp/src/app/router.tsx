import { createBrowserRouter, useMatches, type RouteObject } from 'react-router';
import { useAppSession } from '../api/appApi';
import { RouteGuard } from '../features/session/RouteGuard';
import { StartupGate } from '../features/session/StartupGate';
import { lazyPage, type AreaRoutes } from '../shared/areaRoutes';
import { mergeHandles, type RouteHandle } from '../shared/routeHandle';
import { BackOfficeLayout } from './layouts/BackOfficeLayout';
import { PublicLayout } from './layouts/PublicLayout';

const PublicHomePage = lazyPage(() =>
  import('../features/public/PublicHomePage').then((page) => page.PublicHomePage),
);
const DashboardPage = lazyPage(() =>
  import('../features/dashboard/DashboardPage').then((page) => page.DashboardPage),
);
const NotFoundPage = lazyPage(() =>
  import('../features/shell/NotFoundPage').then((page) => page.NotFoundPage),
);

/** Public layout in public mode and on public-layout routes; otherwise the back office. */
function ModeLayout() {
  const { publicMode } = useAppSession();
  const { publicLayout } = mergeHandles(useMatches());
  return publicMode || publicLayout ? <PublicLayout /> : <BackOfficeLayout />;
}

/** '/' is the public home in public mode and the dashboard (the back-office home) otherwise. */
function HomePage() {
  const { publicMode } = useAppSession();
  return publicMode ? <PublicHomePage /> : <DashboardPage />;
}

/**
 * Every area's routes in the order of their rank. Routes of several areas under one path (the
 * orders module: the orders, then the order setup) become one route: the children and the side
 * menu entries follow the areas' ranks.
 */
function areasRoutes(areas: AreaRoutes[]): RouteObject[] {
  const joined: RouteObject[] = [];
  for (const route of [...areas].sort((a, b) => a.rank - b.rank).flatMap((area) => area.routes)) {
    const index = joined.findIndex((known) => known.path === route.path);
    const known = joined[index];
    if (!known || known.index) {
      joined.push(route);
      continue;
    }
    const knownHandle: RouteHandle = known.handle ?? {};
    const handle: RouteHandle = route.handle ?? {};
    joined[index] = {
      ...known,
      handle: {
        ...knownHandle,
        ...handle,
        sideNav: [...(knownHandle.sideNav ?? []), ...(handle.sideNav ?? [])],
      } satisfies RouteHandle,
      children: [...(known.children ?? []), ...(route.children ?? [])],
    };
  }
  return joined;
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

export function createRouter() {
  return createBrowserRouter(routes);
}
