import type { TFunction } from 'i18next';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { HistoryFormats } from './formatChange';
import { HistoryTab } from './HistoryTab';
import { RECORD_FIELDS, RECORD_PATHS } from './recordFields';

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

/** Amounts whose field name alone is a count elsewhere ('amount' of a line is how many). */
const MONEY_PATHS = ['cardPayment.amount', 'invoicing.amount', 'customPeriods.amount'];

/** How an aggregate's changes read, by the i18n keys of its field labels. */
export interface HistoryFields {
  /** Fields holding øre, matched on the last part of the path. */
  money: string[];
  /** Fields holding hundredths of a percent. */
  percent: string[];
  /**
   * Field (path or last part) → the i18n key of its label where the record words it its own way
   * ('orderDiscount' → 'Ordrerabat'); null: not shown. Every other field has its common label.
   */
  labelKeys: Record<string, string | null>;
  /** The labels of some fields' values ('status' → 'draft' → 'Kladde'). */
  values: (t: TFunction) => Record<string, Record<string, string>>;
}

/** Every record's labels: its fields' (`history.fields.*`) and some paths' own. */
function recordLabels(t: TFunction): Record<string, string | null> {
  return {
    ...Object.fromEntries(
      Object.entries(RECORD_FIELDS).map(([field, shown]) => [
        field,
        shown ? t(`history.fields.${field}`) : null,
      ]),
    ),
    ...Object.fromEntries(Object.entries(RECORD_PATHS).map(([path, key]) => [path, t(key)])),
  };
}

function historyFormats(t: TFunction, fields: HistoryFields): HistoryFormats {
  const labels = {
    ...recordLabels(t),
    ...Object.fromEntries(
      Object.entries(fields.labelKeys).map(([field, key]) => [field, key && t(key)]),
    ),
  };
  return {
    money: [...fields.money, ...MONEY_PATHS],
    percent: fields.percent,
    labels: Object.fromEntries(
      Object.entries(labels).flatMap(([field, label]) => (label ? [[field, label]] : [])),
    ),
    hidden: Object.entries(labels)
      .filter(([, label]) => label === null)
      .map(([field]) => field),
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
  /** The aggregate as it was after an event: read-only; `names` name the records it mentions. */
  renderAsOf: (state: Partial<S>, names: Record<string, string>) => ReactNode;
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
      renderAsOf={(state, names) => renderAsOf((state ?? {}) as Partial<S>, names)}
    />
  );
}
