/** Where the subscriptions live in the back office. */
export const SUBSCRIPTIONS_PATH = '/orders/subscriptions';

/** The id of a new subscription's page. */
export const NEW_SUBSCRIPTION_ID = 'create';

/** A subscription's page; 'create' is a new one. */
export function subscriptionPath(id: string): string {
  return `${SUBSCRIPTIONS_PATH}/${id}`;
}
