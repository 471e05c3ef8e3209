import { baseApi, type TagType } from '../../api/baseApi';
import type { Choice } from '../../shared/editor/editorChoicesApi';
import { historyTag } from '../../shared/history/historyApi';
import type { OrderTicket } from '../../api/generated/orders';
import type {
  ContractChoice,
  Order,
  OrderField,
  OrderInvoice,
  OrderVersion,
  PaymentStatus,
} from './types';

export const ORDERS_ENDPOINT = 'orders';
/** 'Eksport' of the orders list: Ordrer.xlsx, the rows of its filter in its order, all pages. */
export const ORDERS_EXPORT_ENDPOINT = `${ORDERS_ENDPOINT}/export`;
export const EXPORT_FILE_NAME = 'Ordrer.xlsx';

const one = (id: string) => `${ORDERS_ENDPOINT}/${encodeURIComponent(id)}`;

/** What a successful write of order `id` makes stale: the list, the order and its history. */
function changed(id: string | undefined) {
  return [
    { type: 'Order' as TagType, id: 'LIST' },
    ...(id ? [{ type: 'Order' as TagType, id }, historyTag('order', id)] : []),
  ];
}

/** A save books the order's seat lines and a cancel or delete frees them: every seat map is stale. */
const SEAT_MAPS: TagType = 'SeatMap';

/**
 * The orders module's order calls (contract "Orders API"). Every write sends the version of the
 * order it was made from; a failed write invalidates nothing (the page refetches after a 409).
 */
export const ordersApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getOrder: build.query<Order, string>({
      query: (id) => one(id),
      providesTags: (_result, _error, id) => [{ type: 'Order', id }],
    }),
    /** An empty draft with the club's VAT settings: the template of /orders/create. */
    getNewOrder: build.query<Order, void>({
      query: () => `${ORDERS_ENDPOINT}/new`,
      keepUnusedDataFor: 0,
    }),
    saveOrder: build.mutation<string, Order>({
      query: (order) => ({ url: `${ORDERS_ENDPOINT}/update`, method: 'POST', body: order }),
      invalidatesTags: (id, error) => (error ? [] : [...changed(id), SEAT_MAPS]),
    }),
    approveOrder: build.mutation<string, OrderVersion>({
      query: (body) => ({ url: `${ORDERS_ENDPOINT}/approve`, method: 'POST', body }),
      invalidatesTags: (_result, error, { id }) => (error ? [] : changed(id)),
    }),
    reopenOrder: build.mutation<string, OrderVersion>({
      query: (body) => ({ url: `${ORDERS_ENDPOINT}/edit`, method: 'POST', body }),
      invalidatesTags: (_result, error, { id }) => (error ? [] : changed(id)),
    }),
    cancelOrder: build.mutation<string, OrderVersion>({
      query: (body) => ({ url: `${ORDERS_ENDPOINT}/cancel`, method: 'POST', body }),
      invalidatesTags: (_result, error, { id }) => (error ? [] : [...changed(id), SEAT_MAPS]),
    }),
    setPaymentStatus: build.mutation<string, OrderVersion & { paymentStatus: PaymentStatus }>({
      query: (body) => ({ url: `${ORDERS_ENDPOINT}/payment-status`, method: 'POST', body }),
      invalidatesTags: (_result, error, { id }) => (error ? [] : changed(id)),
    }),
    /** The deleted order itself is not refetched: its page leaves for the list. */
    deleteOrder: build.mutation<unknown, string>({
      query: (id) => ({ url: one(id), method: 'DELETE' }),
      invalidatesTags: (_result, error) =>
        error ? [] : [{ type: 'Order', id: 'LIST' }, SEAT_MAPS],
    }),
    capturePayment: build.mutation<unknown, OrderVersion>({
      query: (body) => ({ url: `${one(body.id)}/capture-payment`, method: 'POST', body }),
      invalidatesTags: (_result, error, { id }) => (error ? [] : changed(id)),
    }),
    sendPaymentLink: build.mutation<unknown, OrderVersion>({
      query: (body) => ({ url: `${one(body.id)}/send-paymentlink`, method: 'POST', body }),
      invalidatesTags: (_result, error, { id }) => (error ? [] : changed(id)),
    }),
    sendConfirmation: build.mutation<unknown, OrderVersion>({
      query: (body) => ({ url: `${one(body.id)}/send-confirmation`, method: 'POST', body }),
      invalidatesTags: (_result, error, { id }) => (error ? [] : changed(id)),
    }),
    getOrderTickets: build.query<OrderTicket[], string>({
      query: (id) => `${one(id)}/tickets`,
      providesTags: (_result, _error, id) => [{ type: 'Order', id }],
    }),
    getOrderInvoices: build.query<OrderInvoice[], string>({
      query: (id) => `invoices/${encodeURIComponent(id)}`,
      providesTags: (_result, _error, id) => [{ type: 'Order', id }],
    }),
    searchOrderContracts: build.query<ContractChoice[], { search: string; companyId: string }>({
      query: (params) => ({ url: `${ORDERS_ENDPOINT}/contracts`, params }),
    }),
    getOrderCategoryOptions: build.query<Choice[], void>({
      query: () => `${ORDERS_ENDPOINT}/categories`,
      providesTags: [{ type: 'OrderCategory', id: 'CHOICES' }],
    }),
    getOrderFields: build.query<OrderField[], string>({
      query: (categoryId) => ({ url: `${ORDERS_ENDPOINT}/fields`, params: { categoryId } }),
      providesTags: [{ type: 'CustomField', id: 'LIST' }],
    }),
  }),
});

export const {
  useGetOrderQuery,
  useGetNewOrderQuery,
  useSaveOrderMutation,
  useApproveOrderMutation,
  useReopenOrderMutation,
  useCancelOrderMutation,
  useSetPaymentStatusMutation,
  useDeleteOrderMutation,
  useCapturePaymentMutation,
  useSendPaymentLinkMutation,
  useSendConfirmationMutation,
  useGetOrderTicketsQuery,
  useGetOrderInvoicesQuery,
  useSearchOrderContractsQuery,
  useGetOrderCategoryOptionsQuery,
  useGetOrderFieldsQuery,
} = ordersApi;
