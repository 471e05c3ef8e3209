import { baseApi, type TagType } from '../../api/baseApi';
import type { InvoiceDto, InvoiceListRow, InvoiceRelated } from '../../api/generated/invoices';
import { openPdf } from '../download';

/** The invoices of one order, contract or subscription (its Fakturaer tab), and what staff do
 * with them (spec 3 §7 Invoices). Every write refreshes the record's table and the list. */
const changed = (sourceId: string) => [
  { type: 'Invoice' as TagType, id: sourceId },
  { type: 'Invoice' as TagType, id: 'LIST' },
  { type: 'Invoice' as TagType, id: 'ONE' },
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
    /** One invoice as its own page shows it (issue 37 §5). */
    getInvoice: build.query<InvoiceDto, string>({
      query: (id) => `invoices/${encodeURIComponent(id)}/detail`,
      providesTags: [{ type: 'Invoice', id: 'ONE' }],
    }),
    /** Beside the invoice: its payments, e-conomic booking, credit notes and the names it needs. */
    getInvoiceRelated: build.query<InvoiceRelated, string>({
      query: (id) => `invoices/${encodeURIComponent(id)}/related`,
      providesTags: [{ type: 'Invoice', id: 'ONE' }],
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
      Act & {
        /** 'send' and 'send-receipt' e-mail the invoice or its receipt to the customer. */
        action: 'book' | 'credit' | 'delete' | 'sent' | 'paid' | 'send' | 'send-receipt';
      }
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
    /**
     * 'Hent PDF': reads the invoice's PDF (a draft's says KLADDE) and opens it in a new tab, or
     * saves it as `fileName` when the browser blocks the tab. Read with the session's cookie, so a
     * refusal is the server's error, not a page of JSON in a tab; the bytes never enter the store.
     */
    openInvoicePdf: build.mutation<null, { id: string; fileName: string }>({
      queryFn: ({ id, fileName }, _api, _extra, baseQuery) =>
        openPdf(baseQuery, `invoices/${encodeURIComponent(id)}/pdf`, fileName),
    }),
  }),
});

export const {
  useGetRecordInvoicesQuery,
  useGetInvoiceQuery,
  useGetInvoiceRelatedQuery,
  useCreateInvoiceMutation,
  useInvoiceActionMutation,
  useUpdateInvoiceDateMutation,
  useUpdateExternalNumberMutation,
  useOpenInvoicePdfMutation,
} = invoicesApi;
