import { Navigate } from 'react-router';
import { lazyPage, listAndEditor, type AreaRoutes } from '../../shared/areaRoutes';
import type { RouteHandle, SideNavItem } from '../../shared/routeHandle';
import { NEWSLETTERS_PATH } from './paths';

const NewslettersPage = lazyPage(() =>
  import('./NewslettersPage').then((page) => page.NewslettersPage),
);
const NewsletterPage = lazyPage(() =>
  import('./NewsletterPage').then((page) => page.NewsletterPage),
);

/** The marketing module's side menu (spec 2 §2): Nyhedsbreve. */
const marketingNav: SideNavItem[] = [{ label: 'marketing.nav.newsletters', to: NEWSLETTERS_PATH }];

/**
 * The marketing module (spec 2 §2 "Staff routes"): /marketing goes on to the newsletters list,
 * /marketing/newsletters, and /marketing/newsletters/{id} is a newsletter's editor ('create' =
 * new).
 */
export const areaRoutes: AreaRoutes = {
  rank: 68,
  routes: [
    {
      path: 'marketing',
      handle: { module: 'marketing', sideNav: marketingNav } satisfies RouteHandle,
      children: [
        {
          index: true,
          element: <Navigate to={NEWSLETTERS_PATH} replace />,
          handle: { name: 'marketing' } satisfies RouteHandle,
        },
        listAndEditor(
          'newsletters',
          'newsletters',
          'marketing.newsletters.title',
          <NewslettersPage />,
          <NewsletterPage />,
          'marketing.newsletters.editorTitle',
        ),
      ],
    },
  ],
};
