/** The club module that switches the web shop on (its cart and the header's link). */
export const WEBSHOP_MODULE = 'webshop';

export const SHOP_PATH = '/shop';
/** The checkout: the cart drawer's 'Gå til kassen' goes there. */
export const CHECKOUT_PATH = '/shop/checkout';
/** The club's terms and subscription terms (the public area's pages). */
export const TERMS_PATH = '/terms';
export const SUBSCRIPTION_TERMS_PATH = '/subscription-terms';

export const productPath = (id: string) => `${SHOP_PATH}/${encodeURIComponent(id)}`;

/** A season's page: the products that sell it, and a renewal for last season's holders. */
export const seasonPath = (id: string) => `${SHOP_PATH}/season/${encodeURIComponent(id)}`;

/** A completed order's confirmation page, opened with the token `checkout/complete` answered. */
export const confirmationPath = (orderId: string, token: string) =>
  `${SHOP_PATH}/confirmation/${encodeURIComponent(orderId)}?token=${encodeURIComponent(token)}`;

/** The confirmation page as an address outside the app: where Stripe sends the payer back. */
export const confirmationUrl = (orderId: string, token: string) =>
  `${window.location.origin}${confirmationPath(orderId, token)}`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A product's id is a uuid: another address below /shop is no product's, and is not asked for. */
export function isProductId(id: string | undefined): id is string {
  return id !== undefined && UUID.test(id);
}
