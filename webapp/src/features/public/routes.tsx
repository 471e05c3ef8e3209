import { lazyPage, type AreaRoutes } from '../../shared/areaRoutes';
import type { RouteHandle } from '../../shared/routeHandle';

// Drawn without PrimeReact: a buyer on a phone loads none of it here (issue 36).
const TermsPage = lazyPage(() => import('./TermsPage').then((page) => page.TermsPage), {
  primeReact: false,
});
const PublicEventListPage = lazyPage(
  () => import('./PublicEventListPage').then((page) => page.PublicEventListPage),
  { primeReact: false },
);

/**
 * The club's terms, public in either layout, and the list of upcoming events: /events in public
 * mode, the child of the events area's /events, which is the staff list in the back office. (The
 * public home is the router's mode switch.)
 */
export const areaRoutes: AreaRoutes = {
  rank: 20,
  routes: [
    {
      path: 'terms',
      element: <TermsPage kind="terms" />,
      handle: { name: 'terms', public: true, crumb: 'public.terms.title' } satisfies RouteHandle,
    },
    {
      path: 'subscription-terms',
      element: <TermsPage kind="subscription-terms" />,
      handle: {
        name: 'subscription-terms',
        public: true,
        crumb: 'public.terms.subscriptionTitle',
      } satisfies RouteHandle,
    },
    {
      path: 'events',
      children: [
        {
          path: '',
          children: [
            {
              index: true,
              element: <PublicEventListPage />,
              handle: { name: 'public-events', publicInPublicMode: true } satisfies RouteHandle,
            },
          ],
        },
      ],
    },
  ],
};
