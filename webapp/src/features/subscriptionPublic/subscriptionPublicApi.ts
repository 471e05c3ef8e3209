import { baseApi } from '../../api/baseApi';
import type { PaymentStart } from '../../api/generated/payments';
import type { Customer, PublicLine, PublicSubscription } from '../../api/generated/subscriptions';

/** The subscription and the token of the mailed link: every call of the page carries both. */
export interface SubscriptionLink {
  id: string;
  token: string;
}

/** An option the customer may tick on a line. */
export type OfferedOption = PublicLine['offered'][number];

/** The options chosen on one line: every offered option it is to have, by product and variant. */
export interface LineOptionsChoice {
  id: string;
  options: Pick<OfferedOption, 'productId' | 'variantId'>[];
}

// Absolute paths: the page is public, and these calls live under /api in either mode.
const subscriptionUrl = (id: string) => `/public/subscriptions/${encodeURIComponent(id)}`;

/**
 * The public subscription page (spec 3 §2, §4, §5, §7): what the customer subscribes to, the
 * contact form and the options ('Tilvalg') of a draft, and activation with a card saved through a
 * Stripe SetupIntent, which the server reads from Stripe. The calls that change the subscription
 * answer the page as it now stands, which replaces the cached page, so the screen follows the
 * server's word only.
 */
export const subscriptionPublicApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getPublicSubscription: build.query<PublicSubscription, SubscriptionLink>({
      query: ({ id, token }) => ({ url: subscriptionUrl(id), params: { token } }),
    }),
    /** Only while a draft; 422 names the fields (firstname, lastname, email, phone). */
    updatePublicSubscriptionContact: build.mutation<
      PublicSubscription,
      SubscriptionLink & { customer: Customer }
    >({
      query: ({ id, token, customer }) => ({
        url: `${subscriptionUrl(id)}/update-contact`,
        method: 'POST',
        params: { token },
        body: customer,
      }),
      async onQueryStarted({ id, token }, { dispatch, queryFulfilled }) {
        await replacePage(id, token, dispatch, queryFulfilled);
      },
    }),
    /**
     * The options ('Tilvalg') ticked on the lines named, only while a draft; 422 names
     * `orderLines` (a line not the subscription's, an option not offered on it).
     */
    updatePublicSubscriptionOptions: build.mutation<
      PublicSubscription,
      SubscriptionLink & { orderLines: LineOptionsChoice[] }
    >({
      query: ({ id, token, orderLines }) => ({
        url: `${subscriptionUrl(id)}/update`,
        method: 'POST',
        params: { token },
        body: { orderLines },
      }),
      async onQueryStarted({ id, token }, { dispatch, queryFulfilled }) {
        await replacePage(id, token, dispatch, queryFulfilled);
      },
    }),
    /** A SetupIntent's client secret (`seti_…`) for the card element, and the club's key. */
    startPublicSubscriptionActivation: build.mutation<PaymentStart, SubscriptionLink>({
      query: ({ id, token }) => ({
        url: `${subscriptionUrl(id)}/activate`,
        method: 'POST',
        params: { token },
        body: {},
      }),
    }),
    /** The card was confirmed with Stripe: the server keeps it (approving a draft). */
    confirmPublicSubscriptionActivation: build.mutation<
      PublicSubscription,
      SubscriptionLink & { setupIntent: string }
    >({
      query: ({ id, token, setupIntent }) => ({
        url: `${subscriptionUrl(id)}/activate/confirm`,
        method: 'POST',
        params: { token },
        body: { setupIntent },
      }),
      async onQueryStarted({ id, token }, { dispatch, queryFulfilled }) {
        await replacePage(id, token, dispatch, queryFulfilled);
      },
    }),
  }),
});

/** The answer of a change is the page as it now stands: it replaces the cached page. */
async function replacePage(
  id: string,
  token: string,
  dispatch: (action: ReturnType<typeof upsertPage>) => unknown,
  queryFulfilled: Promise<{ data: PublicSubscription }>,
) {
  try {
    const { data } = await queryFulfilled;
    dispatch(upsertPage({ id, token }, data));
  } catch {
    // The page shows the refusal where it asked; the cached page stays as it was.
  }
}

function upsertPage(link: SubscriptionLink, page: PublicSubscription) {
  return subscriptionPublicApi.util.upsertQueryData('getPublicSubscription', link, page);
}

export const {
  useGetPublicSubscriptionQuery,
  useUpdatePublicSubscriptionContactMutation,
  useUpdatePublicSubscriptionOptionsMutation,
  useStartPublicSubscriptionActivationMutation,
  useConfirmPublicSubscriptionActivationMutation,
} = subscriptionPublicApi;
