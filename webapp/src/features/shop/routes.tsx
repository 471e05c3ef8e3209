import { lazyPage, type AreaRoutes } from '../../shared/areaRoutes';
import type { RouteHandle } from '../../shared/routeHandle';

// The shop's first page is drawn without PrimeReact: a buyer on a phone loads none of it there.
const ShopPage = lazyPage(() => import('./ShopPage').then((page) => page.ShopPage), {
  primeReact: false,
});
const ShopProductPage = lazyPage(() =>
  import('./ShopProductPage').then((page) => page.ShopProductPage),
);
const ShopSeasonPage = lazyPage(
  () => import('./ShopSeasonPage').then((page) => page.ShopSeasonPage),
  { primeReact: false },
);
const CheckoutPage = lazyPage(() => import('./CheckoutPage').then((page) => page.CheckoutPage));
const ConfirmationPage = lazyPage(() =>
  import('./ConfirmationPage').then((page) => page.ConfirmationPage),
);

/** The web shop is public and always in the public layout (its header holds the cart). */
const shopHandle = (name: string): RouteHandle => ({ name, public: true, publicLayout: true });

/**
 * The public web shop (issue 17; spec 3 §2 "Web shop"): /shop, the checkout /shop/checkout, an
 * order's confirmation /shop/confirmation/{id}?token=, a season's page /shop/season/{id} and a
 * product's page /shop/{id} (the named
 * pages win over the id). The page of an id that is no product's goes back to /shop; the payment
 * page /shop/payment/{id} is the payment area's.
 */
export const areaRoutes: AreaRoutes = {
  rank: 28,
  routes: [
    {
      path: 'shop',
      children: [
        { index: true, element: <ShopPage />, handle: shopHandle('shop') },
        { path: 'checkout', element: <CheckoutPage />, handle: shopHandle('shop-checkout') },
        {
          path: 'confirmation/:id',
          element: <ConfirmationPage />,
          handle: shopHandle('shop-confirmation'),
        },
        {
          path: 'season/:seasonId',
          element: <ShopSeasonPage />,
          handle: shopHandle('shop-season'),
        },
        { path: ':id', element: <ShopProductPage />, handle: shopHandle('shop-product') },
      ],
    },
  ],
};
