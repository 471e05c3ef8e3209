import { baseApi } from '../../api/baseApi';
import type { OrderPaymentPage, PaymentStart } from '../../api/generated/payments';

/** The order and the token of the mailed link: every call of the page carries both. */
export interface PaymentLink {
  id: string;
  token: string;
}

// Absolute paths: the page is public, and these calls live under /api in either mode.
const paymentUrl = (id: string) => `/api/public/orders/${encodeURIComponent(id)}/payment`;

/**
 * The public payment page of an order (issue 14): what the customer pays for, a payment started
 * with the club's provider, and the customer's return, which the server settles by reading the
 * payment from the provider. Confirming answers the page as it now stands, which replaces the
 * cached page, so the screen follows the server's word only.
 */
export const paymentApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getOrderPayment: build.query<OrderPaymentPage, PaymentLink>({
      query: ({ id, token }) => ({ url: paymentUrl(id), params: { token } }),
    }),
    /** A Stripe client secret for the card element, or the form that opens the payment window. */
    startOrderPayment: build.mutation<PaymentStart, PaymentLink>({
      query: ({ id, token }) => ({
        url: `${paymentUrl(id)}/start`,
        method: 'POST',
        params: { token },
        body: {},
      }),
    }),
    /** The payer is back (`reference`: Stripe's PaymentIntent id); answers the settled page. */
    confirmOrderPayment: build.mutation<OrderPaymentPage, PaymentLink & { reference?: string }>({
      query: ({ id, token, reference }) => ({
        url: `${paymentUrl(id)}/confirm`,
        method: 'POST',
        params: { token },
        body: reference ? { reference } : {},
      }),
      async onQueryStarted({ id, token }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(paymentApi.util.upsertQueryData('getOrderPayment', { id, token }, data));
        } catch {
          // The page shows the refusal where it asked; the cached page stays as it was.
        }
      },
    }),
  }),
});

export const {
  useGetOrderPaymentQuery,
  useStartOrderPaymentMutation,
  useConfirmOrderPaymentMutation,
} = paymentApi;
