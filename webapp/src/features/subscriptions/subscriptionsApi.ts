import { baseApi, type TagType } from '../../api/baseApi';
import { historyTag } from '../../shared/history/historyApi';
import type { Subscription, SubscriptionInput, SubscriptionVersion } from './types';

/** The list (POST, the list protocol) and the base of every subscription call. */
export const SUBSCRIPTIONS_ENDPOINT = 'subscriptions';

/** The cache tag of the subscriptions: one per subscription, and the list's 'LIST'. */
export const SUBSCRIPTION_TAG: TagType = 'Subscription';
const LIST = { type: SUBSCRIPTION_TAG, id: 'LIST' };
const tagOf = (id: string) => ({ type: SUBSCRIPTION_TAG, id });

const one = (id: string) => `${SUBSCRIPTIONS_ENDPOINT}/${encodeURIComponent(id)}`;

/** What a successful write of subscription `id` makes stale: the list, the subscription, its history. */
function changed(id: string | undefined) {
  return [LIST, ...(id ? [tagOf(id), historyTag('subscription', id)] : [])];
}

/**
 * The staff's subscription calls (spec 3 §7 "Subscriptions"). Every write of a saved subscription
 * sends the version it was read at; a failed write invalidates nothing (the page reads the
 * subscription again after a 409).
 */
export const subscriptionsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getSubscription: build.query<Subscription, string>({
      query: (id) => one(id),
      providesTags: (_result, _error, id) => [tagOf(id)],
    }),
    /** An empty draft (monthly) with the club's VAT settings: /create's template. */
    getNewSubscription: build.query<Subscription, void>({
      query: () => `${SUBSCRIPTIONS_ENDPOINT}/new`,
      keepUnusedDataFor: 0,
    }),
    /** Answers the subscription's id. */
    saveSubscription: build.mutation<string, SubscriptionInput>({
      query: (body) => ({ url: `${SUBSCRIPTIONS_ENDPOINT}/update`, method: 'POST', body }),
      invalidatesTags: (id, error) => (error ? [] : changed(id)),
    }),
    approveSubscription: build.mutation<unknown, SubscriptionVersion>({
      query: (body) => ({ url: `${SUBSCRIPTIONS_ENDPOINT}/approve`, method: 'POST', body }),
      invalidatesTags: (_result, error, { id }) => (error ? [] : changed(id)),
    }),
    /** 'Rediger abonnement': an active subscription becomes an editable draft again. */
    reopenSubscription: build.mutation<unknown, SubscriptionVersion>({
      query: (body) => ({ url: `${SUBSCRIPTIONS_ENDPOINT}/edit`, method: 'POST', body }),
      invalidatesTags: (_result, error, { id }) => (error ? [] : changed(id)),
    }),
    cancelSubscription: build.mutation<unknown, SubscriptionVersion>({
      query: (body) => ({ url: `${SUBSCRIPTIONS_ENDPOINT}/cancel`, method: 'POST', body }),
      invalidatesTags: (_result, error, { id }) => (error ? [] : changed(id)),
    }),
    /** The deleted subscription itself is not read again: its page leaves for the list. */
    deleteSubscription: build.mutation<unknown, string>({
      query: (id) => ({ url: one(id), method: 'DELETE' }),
      invalidatesTags: (_result, error) => (error ? [] : [LIST]),
    }),
    /** Mails the customer the public page, where a card is given; recorded on the subscription. */
    sendSubscriptionPaymentLink: build.mutation<unknown, string>({
      query: (id) => ({ url: `${one(id)}/send-paymentlink`, method: 'POST' }),
      invalidatesTags: (_result, error, id) => (error ? [] : changed(id)),
    }),
  }),
});

export const {
  useGetSubscriptionQuery,
  useGetNewSubscriptionQuery,
  useSaveSubscriptionMutation,
  useApproveSubscriptionMutation,
  useReopenSubscriptionMutation,
  useCancelSubscriptionMutation,
  useDeleteSubscriptionMutation,
  useSendSubscriptionPaymentLinkMutation,
} = subscriptionsApi;
