import type { TFunction } from 'i18next';
import type { InvoiceListRow } from '../../api/generated/invoices';

/** What names an invoice: a draft has no number yet. */
export interface NamedInvoice {
  isDraft: boolean;
  kind: 'invoice' | 'creditNote';
  number: number | null;
}

/** 'Faktura 1042', 'Kreditnota 7' or 'Kladde'. */
export function invoiceName(t: TFunction, invoice: NamedInvoice): string {
  if (invoice.isDraft) return t('invoices.draft');
  const kind = invoice.kind === 'creditNote' ? t('invoices.creditNote') : t('invoices.invoice');
  return `${kind} ${invoice.number ?? ''}`.trim();
}

/** An invoice's own page. */
export function invoicePath(id: string): string {
  return `/orders/invoices/${encodeURIComponent(id)}`;
}

/** A row of an invoices list by its name: 'Faktura 1042', 'Kreditnota 7' or 'Kladde'. */
export function rowInvoiceName(t: TFunction, row: InvoiceListRow): string {
  return invoiceName(t, {
    isDraft: row.IsDraft,
    kind: row.Type === 'creditNote' ? 'creditNote' : 'invoice',
    number: row.Number,
  });
}
