import type { TFunction } from 'i18next';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { HistoryFormats } from './formatChange';
import { HistoryTab } from './HistoryTab';

/** The money of lines and totals (spec 3 §9), which every aggregate with lines has. */
export const TOTALS_MONEY_FIELDS = [
  'price',
  'discount',
  'total',
  'subtotal',
  'vat',
  'additionalFee',
  'orderDiscount',
];

/** How an aggregate's changes read, by the i18n keys of its field labels. */
export interface HistoryFields {
  /** Fields holding øre, matched on the last part of the path. */
  money: string[];
  /** Fields holding hundredths of a percent. */
  percent: string[];
  /** Field (path or last part) → the i18n key of its label. */
  labelKeys: Record<string, string>;
  /** The labels of some fields' values ('status' → 'draft' → 'Kladde'). */
  values: (t: TFunction) => Record<string, Record<string, string>>;
}

function historyFormats(t: TFunction, fields: HistoryFields): HistoryFormats {
  return {
    money: fields.money,
    percent: fields.percent,
    labels: Object.fromEntries(
      Object.entries(fields.labelKeys).map(([field, key]) => [field, t(key)]),
    ),
    values: fields.values(t),
  };
}

interface AggregateHistoryTabProps<S> {
  /** The aggregate type of the history API: 'contract', 'subscription' … */
  aggregateType: string;
  id: string;
  /** The aggregate's event types (generated from Rust). */
  eventTypes: readonly string[];
  /** Where the event types' labels are ('contracts.history.events' → '….Created'). */
  eventsKey: string;
  /** Kept beside the component, so that it is the same object at every render. */
  fields: HistoryFields;
  /** The heading of the as-of dialog, e.g. 'Aftalen efter hændelse #3'. */
  asOfHeading: (sequence: number) => string;
  /** The aggregate as it was after an event: read-only. */
  renderAsOf: (state: Partial<S>) => ReactNode;
}

/**
 * Historik of an editor's aggregate: the shared history tab with the aggregate's event names, field
 * labels and value labels translated.
 */
export function AggregateHistoryTab<S>({
  aggregateType,
  id,
  eventTypes,
  eventsKey,
  fields,
  asOfHeading,
  renderAsOf,
}: AggregateHistoryTabProps<S>) {
  const { t } = useTranslation();
  const labels = useMemo(
    () => Object.fromEntries(eventTypes.map((type) => [type, t(`${eventsKey}.${type}`)])),
    [t, eventTypes, eventsKey],
  );
  const formats = useMemo(() => historyFormats(t, fields), [t, fields]);
  return (
    <HistoryTab
      aggregateType={aggregateType}
      id={id}
      labels={labels}
      formats={formats}
      asOfHeading={asOfHeading}
      renderAsOf={(state) => renderAsOf((state ?? {}) as Partial<S>)}
    />
  );
}
