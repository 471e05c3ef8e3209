import { lazyPage, type AreaRoutes } from '../../shared/areaRoutes';
import type { RouteHandle } from '../../shared/routeHandle';

const UnsubscribePage = lazyPage(() =>
  import('./UnsubscribePage').then((page) => page.UnsubscribePage),
);

/** Unsubscribing from the mailed link: public, no session, always in the public layout. */
const unsubscribe: RouteHandle = {
  name: 'newsletter-unsubscribe',
  public: true,
  publicLayout: true,
  crumb: 'newsletterPublic.crumb',
};

/** The unsubscribe page, the link at the foot of every newsletter mail. */
export const areaRoutes: AreaRoutes = {
  rank: 29,
  routes: [
    { path: 'newsletter/unsubscribe/:token', element: <UnsubscribePage />, handle: unsubscribe },
  ],
};
