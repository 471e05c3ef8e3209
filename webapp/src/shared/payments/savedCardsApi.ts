import { baseApi } from '../../api/baseApi';
import type { SavedPaymentCard } from '../../api/generated/subscriptions';

/**
 * The signed-in customer's saved cards at the club's card provider (spec 3 §3 "Saved payment
 * card"): the profile manages them, the shop's checkout pays with them. The profile's card calls
 * answer the cards as they are now and put that answer here.
 */
export const savedCardsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getProfileCards: build.query<SavedPaymentCard[], void>({
      // Under /api in either mode (a customer is in public mode).
      query: () => '/api/profile/cards',
    }),
  }),
});

export const { useGetProfileCardsQuery } = savedCardsApi;
