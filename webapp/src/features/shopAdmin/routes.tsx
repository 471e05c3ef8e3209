import { lazyPage, type AreaRoutes } from '../../shared/areaRoutes';
import type { RouteHandle } from '../../shared/routeHandle';

const ShopAdminPage = lazyPage(() => import('./ShopAdminPage').then((page) => page.ShopAdminPage));

/**
 * The back office's 'Webshop' (module `webshop`, issue 37 §6): the shop's administration. The
 * storefront itself stays at /shop for buyers; the module's URL leads here.
 */
export const areaRoutes: AreaRoutes = {
  rank: 80,
  routes: [
    {
      path: 'shop-admin',
      element: <ShopAdminPage />,
      handle: { module: 'webshop', name: 'shopAdmin' } satisfies RouteHandle,
    },
  ],
};
