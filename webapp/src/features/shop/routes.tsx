import { lazyPage, type AreaRoutes } from '../../shared/areaRoutes';
import type { RouteHandle } from '../../shared/routeHandle';

const ShopPage = lazyPage(() => import('./ShopPage').then((page) => page.ShopPage));
const ShopProductPage = lazyPage(() =>
  import('./ShopProductPage').then((page) => page.ShopProductPage),
);

/** The web shop is public and always in the public layout (its header holds the cart). */
const shopHandle = (name: string): RouteHandle => ({ name, public: true, publicLayout: true });

/**
 * The public web shop (issue 17; spec 3 §2 "Web shop"): /shop and a product's page /shop/{id}.
 * The page of an id that is no product's (an address below /shop of a page still to come) goes
 * back to /shop; the payment page /shop/payment/{id} is the payment area's.
 */
export const areaRoutes: AreaRoutes = {
  rank: 28,
  routes: [
    {
      path: 'shop',
      children: [
        { index: true, element: <ShopPage />, handle: shopHandle('shop') },
        { path: ':id', element: <ShopProductPage />, handle: shopHandle('shop-product') },
      ],
    },
  ],
};
