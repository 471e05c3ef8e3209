import { lazyPage, type AreaRoutes } from '../../shared/areaRoutes';
import type { RouteHandle } from '../../shared/routeHandle';

// Stripe's packages come with the page only.
const CustomerProfilePage = lazyPage(() =>
  import('./CustomerProfilePage').then((page) => page.CustomerProfilePage),
);

/**
 * The customer's variant of /profile (spec 3 §2 'Customer profile'). /profile is the settings
 * area's route too: the router joins two areas' routes of one path into one, the lower rank's
 * element with the children of both. So this area adds the customer page as the index child of
 * /profile, and its rank is above the settings area's (70): the settings route's element stays,
 * which shows the staff form to staff and this child to everyone else.
 *
 * The child is public: a signed-in customer is in public mode, where the guard sends every
 * non-public route home; the page itself sends an anonymous visitor to the login.
 */
export const areaRoutes: AreaRoutes = {
  rank: 75,
  routes: [
    {
      path: 'profile',
      children: [
        {
          index: true,
          element: <CustomerProfilePage />,
          handle: { public: true } satisfies RouteHandle,
        },
      ],
    },
  ],
};
