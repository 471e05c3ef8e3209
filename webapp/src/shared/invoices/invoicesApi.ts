import { baseApi, type TagType } from '../../api/baseApi';
import type { InvoiceListRow } from '../../api/generated/invoices';

/** The invoices of one order, contract or subscription (its Fakturaer tab), and what staff do
 * with them (spec 3 §7 Invoices). Every write refreshes the record's table and the list. */
const changed = (sourceId: string) => [
  { type: 'Invoice' as TagType, id: sourceId },
  { type: 'Invoice' as TagType, id: 'LIST' },
];

interface Act {
  sourceId: string;
  id: string;
}

export const invoicesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getRecordInvoices: build.query<InvoiceListRow[], string>({
      query: (sourceId) => `invoices/${encodeURIComponent(sourceId)}`,
      providesTags: (_result, _error, sourceId) => [{ type: 'Invoice', id: sourceId }],
    }),
    /** 'Opret faktura': an approved order's or contract's next invoices. */
    createInvoice: build.mutation<
      unknown,
      { sourceId: string; collection: 'orders' | 'contracts' }
    >({
      query: ({ sourceId, collection }) => ({
        url: `${collection}/invoice`,
        method: 'POST',
        body: { id: sourceId },
      }),
      invalidatesTags: (_result, error, { sourceId }) => (error ? [] : changed(sourceId)),
    }),
    invoiceAction: build.mutation<
      unknown,
      Act & { action: 'book' | 'credit' | 'delete' | 'sent' | 'paid' }
    >({
      query: ({ id, action }) => ({
        url: `invoices/${encodeURIComponent(id)}/${action}`,
        method: 'POST',
        body: {},
      }),
      invalidatesTags: (_result, error, { sourceId }) => (error ? [] : changed(sourceId)),
    }),
    updateInvoiceDate: build.mutation<unknown, Act & { invoiceDate: string | null }>({
      query: ({ id, invoiceDate }) => ({
        url: 'invoices/update-date',
        method: 'POST',
        body: { id, invoiceDate },
      }),
      invalidatesTags: (_result, error, { sourceId }) => (error ? [] : changed(sourceId)),
    }),
    updateExternalNumber: build.mutation<unknown, Act & { externalNumber: string | null }>({
      query: ({ id, externalNumber }) => ({
        url: 'invoices/update-invoice',
        method: 'POST',
        body: { id, externalNumber },
      }),
      invalidatesTags: (_result, error, { sourceId }) => (error ? [] : changed(sourceId)),
    }),
  }),
});

export const {
  useGetRecordInvoicesQuery,
  useCreateInvoiceMutation,
  useInvoiceActionMutation,
  useUpdateInvoiceDateMutation,
  useUpdateExternalNumberMutation,
} = invoicesApi;
