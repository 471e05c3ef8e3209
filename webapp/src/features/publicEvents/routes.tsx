import type { Params } from 'react-router';
import { lazyPage, type AreaRoutes } from '../../shared/areaRoutes';
import type { RouteHandle } from '../../shared/routeHandle';
import { publicEventApiPath } from './paths';

// Stripe's packages come with the page only.
const PublicEventPage = lazyPage(
  () => import('./PublicEventPage').then((page) => page.PublicEventPage),
  { primeReact: false },
);

// The page's first read, started with its code (issue 36: the slow phone's round trip).
const eventRead = ({ id }: Params) => publicEventApiPath(id ?? '');

/**
 * The public event page (spec 2 §2 "Public routes"): /events/{url} and, with the confirmation of
 * an order, /events/{url}/{id} (public-event-confirmation). /events/{id} is the events area's
 * staff editor too: the router joins this area's routes under it, whose element shows the staff
 * editor in the back office and these children in public mode. Their handles pass the guard in
 * public mode only; the page itself reads the slug from the staff route's 'id'.
 */
export const areaRoutes: AreaRoutes = {
  rank: 66,
  routes: [
    {
      path: 'events',
      children: [
        {
          path: ':id',
          children: [
            {
              index: true,
              element: <PublicEventPage />,
              handle: {
                name: 'public-event',
                publicInPublicMode: true,
                earlyGet: eventRead,
              } satisfies RouteHandle,
            },
            {
              path: ':orderId',
              element: <PublicEventPage />,
              handle: {
                name: 'public-event-confirmation',
                publicInPublicMode: true,
                earlyGet: eventRead,
              } satisfies RouteHandle,
            },
          ],
        },
      ],
    },
  ],
};
