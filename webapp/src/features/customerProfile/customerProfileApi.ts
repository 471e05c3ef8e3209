import { baseApi } from '../../api/baseApi';
import type { PaymentStart } from '../../api/generated/payments';
import type { ProfileOrders } from '../../api/generated/profile';
import type { ProfileSubscription, SavedPaymentCard } from '../../api/generated/subscriptions';
import { entityFormData } from '../../shared/multipart';
import { savedCardsApi } from '../../shared/payments/savedCardsApi';

/** The signed-in user's own fields as GET /api/profile answers them (the staff form reads more). */
export interface CustomerProfile {
  id: string;
  email: string;
  firstname: string;
  lastname: string;
  phone: string | null;
  mobile: string | null;
  about: string | null;
  linkedin: string | null;
  picture: string | null;
}

/** What the customer may change; the e-mail is read-only (spec 3 §5). */
export interface CustomerProfileInput {
  firstname: string;
  lastname: string;
  phone: string;
  mobile: string;
  /** Kept as stored: the server writes every text field of the user. */
  about: string | null;
  linkedin: string | null;
}

// The profile's calls live under /api in either mode (a customer is in public mode), so the
// paths are absolute: a relative one would go to /public/….
const PROFILE = '/api/profile';

// Tags: the profile is the settings area's `User`/PROFILE too (one user, one cache entry); the
// cards are kept from the answers of the card calls, which all answer the cards as they are now.
const PROFILE_TAG = { type: 'User', id: 'PROFILE' } as const;
const SUBSCRIPTIONS_TAG = { type: 'User', id: 'PROFILE_SUBSCRIPTIONS' } as const;
const ORDERS_TAG = { type: 'User', id: 'PROFILE_ORDERS' } as const;

/**
 * The customer's profile (spec 3 §2 'Customer profile', §7): own fields, saved payment cards at
 * the club's card provider, own subscriptions with cancelling, and own orders and tickets with
 * the confirmation sent again (issue 36).
 */
export const customerProfileApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getCustomerProfile: build.query<CustomerProfile, void>({
      query: () => PROFILE,
      providesTags: [PROFILE_TAG],
    }),
    saveCustomerProfile: build.mutation<string, CustomerProfileInput>({
      query: (data) => ({
        url: `${PROFILE}/update`,
        method: 'POST',
        body: entityFormData(data),
      }),
      // 'User' too: the header shows the user's name.
      invalidatesTags: [PROFILE_TAG, 'User'],
    }),
    /** A SetupIntent's client secret for the card form (or the provider's window). */
    createProfileCard: build.mutation<PaymentStart, void>({
      query: () => ({ url: `${PROFILE}/create-card`, method: 'POST', body: {} }),
    }),
    acceptProfileCard: build.mutation<SavedPaymentCard[], string>({
      query: (setupIntent) => ({
        url: `${PROFILE}/accept-card`,
        method: 'POST',
        body: { setupIntent },
      }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const cards = await answered(queryFulfilled);
        if (cards)
          dispatch(savedCardsApi.util.upsertQueryData('getProfileCards', undefined, cards));
      },
    }),
    setDefaultProfileCard: build.mutation<SavedPaymentCard[], string>({
      query: (cardId) => ({
        url: `${PROFILE}/default-card`,
        method: 'POST',
        params: { cardId },
        body: {},
      }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const cards = await answered(queryFulfilled);
        if (cards)
          dispatch(savedCardsApi.util.upsertQueryData('getProfileCards', undefined, cards));
      },
    }),
    deleteProfileCard: build.mutation<SavedPaymentCard[], string>({
      query: (cardId) => ({ url: `${PROFILE}/delete-card`, method: 'POST', body: { cardId } }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const cards = await answered(queryFulfilled);
        if (cards)
          dispatch(savedCardsApi.util.upsertQueryData('getProfileCards', undefined, cards));
      },
    }),
    getProfileSubscriptions: build.query<ProfileSubscription[], void>({
      query: () => `${PROFILE}/subscriptions`,
      providesTags: [SUBSCRIPTIONS_TAG],
    }),
    cancelProfileSubscription: build.mutation<unknown, string>({
      query: (id) => ({
        url: `${PROFILE}/cancel-subscription/${encodeURIComponent(id)}`,
        method: 'POST',
        body: {},
      }),
      invalidatesTags: (_result, error) => (error ? [] : [SUBSCRIPTIONS_TAG]),
    }),
    /** The buyer's own orders, newest first, and every ticket of them. */
    getProfileOrders: build.query<ProfileOrders, void>({
      query: () => `${PROFILE}/orders`,
      providesTags: [ORDERS_TAG],
    }),
    /** Sends an order's confirmation mail again. */
    resendOrderConfirmation: build.mutation<boolean, string>({
      query: (id) => ({
        url: `${PROFILE}/orders/${encodeURIComponent(id)}/resend-confirmation`,
        method: 'POST',
        body: {},
      }),
    }),
  }),
});

/**
 * A card call answers the cards as they now are: they replace the cached list. A refusal leaves
 * the cached cards as they were (the page shows it where it asked).
 */
async function answered<T>(fulfilled: Promise<{ data: T }>): Promise<T | undefined> {
  try {
    return (await fulfilled).data;
  } catch {
    return undefined;
  }
}

export const {
  useGetCustomerProfileQuery,
  useSaveCustomerProfileMutation,
  useCreateProfileCardMutation,
  useAcceptProfileCardMutation,
  useSetDefaultProfileCardMutation,
  useDeleteProfileCardMutation,
  useGetProfileSubscriptionsQuery,
  useCancelProfileSubscriptionMutation,
  useGetProfileOrdersQuery,
  useResendOrderConfirmationMutation,
} = customerProfileApi;

export { useGetProfileCardsQuery } from '../../shared/payments/savedCardsApi';
