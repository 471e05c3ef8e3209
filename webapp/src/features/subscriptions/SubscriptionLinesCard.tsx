import { getIn, useFormikContext } from 'formik';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OrderLineDialog } from '../../shared/orderLines/OrderLineDialog';
import { lineTotal } from '../../shared/orderLines/orderTotals';
import type { OrderLine } from '../../shared/orderLines/types';
import { Money } from '../../shared/ui/Money';
import { Section } from '../../shared/ui/Section';
import type { SubscriptionFormValues } from './subscriptionSchema';

/** The messages a 422 put on a line's fields (orderLines.{i}.title …). */
function lineErrors(errors: unknown, index: number): string[] {
  const lineError: unknown = getIn(errors, `orderLines.${index}`);
  const collect = (value: unknown): string[] =>
    typeof value === 'string'
      ? [value]
      : value && typeof value === 'object'
        ? Object.values(value).flatMap(collect)
        : [];
  return collect(lineError);
}

/**
 * What the subscription charges each period: Titel, Variant, Pris, Rabat, Antal, Total. A draft
 * adds lines ('Tilføj produkt': the order-line dialog), edits and removes them; otherwise they only
 * show.
 */
export function SubscriptionLinesCard({ editable }: { editable: boolean }) {
  const { t } = useTranslation();
  const { values, errors, setValues } = useFormikContext<SubscriptionFormValues>();
  const [dialog, setDialog] = useState<{ line: OrderLine | null } | null>(null);
  const lines = values.orderLines;
  const listError: unknown = getIn(errors, 'orderLines');

  // The table's cells keep the closures of their render: start from formik's values.
  const setLines = (change: (current: OrderLine[]) => OrderLine[]) =>
    void setValues((current) => ({ ...current, orderLines: change(current.orderLines) }));
  const save = (saved: OrderLine) =>
    setLines((current) =>
      current.some((line) => line.id === saved.id)
        ? current.map((line) => (line.id === saved.id ? saved : line))
        : [...current, saved],
    );
  const remove = (removed: OrderLine) =>
    setLines((current) => current.filter((line) => line.id !== removed.id));
  const describe = (line: OrderLine) =>
    line.variant ? `${line.title} ${line.variant}` : line.title;

  return (
    <Section
      title={t('subscriptions.lines.title')}
      actions={
        editable && (
          <Button
            type="button"
            outlined
            size="small"
            icon="pi pi-plus"
            label={t('subscriptions.lines.add')}
            onClick={() => setDialog({ line: null })}
          />
        )
      }
    >
      {typeof listError === 'string' && <small className="p-error">{listError}</small>}
      <DataTable
        value={lines}
        dataKey="id"
        size="small"
        className="tb-lines"
        emptyMessage={t('subscriptions.lines.empty')}
        pt={{ table: { 'aria-label': t('subscriptions.lines.title') } }}
      >
        <Column
          header={t('subscriptions.line.title')}
          body={(line: OrderLine) => (
            <>
              <span>{line.title}</span>
              {line.options.length > 0 && (
                <small className="tb-line-options">
                  {line.options.map((option) => option.title).join(', ')}
                </small>
              )}
            </>
          )}
        />
        <Column header={t('subscriptions.line.variant')} body={(line: OrderLine) => line.variant} />
        <Column
          header={t('subscriptions.line.price')}
          body={(line: OrderLine) => <Money value={line.price} ore currencyCode />}
        />
        <Column
          header={t('subscriptions.line.discount')}
          body={(line: OrderLine) => <Money value={line.discount} ore currencyCode />}
        />
        <Column header={t('subscriptions.line.amount')} body={(line: OrderLine) => line.amount} />
        <Column
          header={t('subscriptions.line.total')}
          body={(line: OrderLine) => <Money value={lineTotal(line)} ore currencyCode />}
        />
        {editable && (
          <Column
            header={t('table.actions')}
            body={(line: OrderLine) => (
              <span className="tb-row-actions">
                <Button
                  type="button"
                  text
                  size="small"
                  rounded
                  icon="pi pi-pencil"
                  aria-label={t('subscriptions.lines.editLabel', { title: describe(line) })}
                  onClick={() => setDialog({ line })}
                />
                <Button
                  type="button"
                  text
                  size="small"
                  severity="danger"
                  rounded
                  icon="pi pi-times"
                  aria-label={t('subscriptions.lines.removeLabel', { title: describe(line) })}
                  onClick={() => remove(line)}
                />
              </span>
            )}
          />
        )}
      </DataTable>
      {/* The table keeps its rows while only the messages change: they are listed below it. */}
      {lines.some((_line, index) => lineErrors(errors, index).length > 0) && (
        <ul className="tb-line-errors" aria-label={t('subscriptions.lines.errors')}>
          {lines.flatMap((line, index) =>
            lineErrors(errors, index).map((message) => (
              <li key={`${line.id}-${message}`} className="p-error">
                {t('subscriptions.lines.error', { title: describe(line), message })}
              </li>
            )),
          )}
        </ul>
      )}
      <OrderLineDialog
        visible={dialog !== null}
        line={dialog?.line ?? null}
        onHide={() => setDialog(null)}
        onSave={save}
      />
    </Section>
  );
}
