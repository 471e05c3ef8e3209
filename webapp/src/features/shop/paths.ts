/** The club module that switches the web shop on (its cart and the header's link). */
export const WEBSHOP_MODULE = 'webshop';

export const SHOP_PATH = '/shop';
/** The checkout (built later): the cart drawer's 'Gå til kassen' goes there. */
export const CHECKOUT_PATH = '/shop/checkout';

export const productPath = (id: string) => `${SHOP_PATH}/${encodeURIComponent(id)}`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A product's id is a uuid: any other path below /shop (checkout, confirmation) is no product. */
export function isProductId(id: string | undefined): id is string {
  return id !== undefined && UUID.test(id);
}
