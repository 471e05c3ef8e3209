/** Where the orders live in the back office. */
export const ORDERS_PATH = '/orders';

/** The id of a new order's page. */
export const NEW_ORDER_ID = 'create';

/** An order's page; 'create' is a new one. */
export function orderPath(id: string): string {
  return `${ORDERS_PATH}/${id}`;
}
