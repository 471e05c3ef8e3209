import type { TFunction } from 'i18next';

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
