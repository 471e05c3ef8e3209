import { lazyPage, type AreaRoutes } from '../../shared/areaRoutes';
import type { RouteHandle } from '../../shared/routeHandle';

// Stripe's packages come with the page only: no other screen loads them.
const SubscriptionPublicPage = lazyPage(() =>
  import('./SubscriptionPublicPage').then((page) => page.SubscriptionPublicPage),
);

/** A subscription from the mailed link: public, no session, always in the public layout. */
const publicSubscription: RouteHandle = {
  name: 'subscription-public',
  public: true,
  publicLayout: true,
  crumb: 'subscriptionPublic.crumb',
};

/** The public subscription page (spec 3 §2), the link 'Send betalingslink' mails. */
export const areaRoutes: AreaRoutes = {
  rank: 27,
  routes: [
    { path: 'subscriptions/:id', element: <SubscriptionPublicPage />, handle: publicSubscription },
  ],
};
