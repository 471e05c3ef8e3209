import { getIn, useFormikContext } from 'formik';
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { Column, type ColumnBodyOptions } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Money } from '../../shared/ui/Money';
import { OrderLineDialog } from '../../shared/orderLines/OrderLineDialog';
import { SEAT_TICKET } from '../../shared/orderLines/orderLineSchema';
import { lineTotal } from '../../shared/orderLines/orderTotals';
import type { OrderFormValues } from './orderSchema';
import type { OrderLine } from './types';

/** The messages a 422 put on a line's fields (orderLines.{i}.title …). */
function lineErrors(errors: unknown, index: number): string[] {
  const lineError: unknown = getIn(errors, `orderLines.${index}`);
  if (!lineError) return [];
  if (typeof lineError === 'string') return [lineError];
  const collect = (value: unknown): string[] =>
    typeof value === 'string'
      ? [value]
      : value && typeof value === 'object'
        ? Object.values(value).flatMap(collect)
        : [];
  return collect(lineError);
}

/**
 * The order's lines: Titel, Variant, Varenummer, Pris, Rabat, Antal, Total (and Plads when a line is
 * a seat ticket). A draft adds ('Tilføj produkt'), edits and removes lines; other orders only show them.
 */
export function OrderLinesCard({ editable }: { editable: boolean }) {
  const { t } = useTranslation();
  const titleId = useId();
  const { values, errors, setValues } = useFormikContext<OrderFormValues>();
  const [dialog, setDialog] = useState<{ line: OrderLine | null } | null>(null);
  const lines = values.orderLines;
  const hasSeats = lines.some((line) => line.type === SEAT_TICKET);

  const save = (saved: OrderLine) =>
    void setValues((current) => {
      const known = current.orderLines.some((line) => line.id === saved.id);
      return {
        ...current,
        orderLines: known
          ? current.orderLines.map((line) => (line.id === saved.id ? saved : line))
          : [...current.orderLines, saved],
      };
    });
  const remove = (removed: OrderLine) =>
    void setValues((current) => ({
      ...current,
      orderLines: current.orderLines.filter((line) => line.id !== removed.id),
    }));
  const describe = (line: OrderLine) =>
    line.variant ? `${line.title} ${line.variant}` : line.title;

  return (
    <Card className="tb-card">
      <section aria-labelledby={titleId}>
        <div className="tb-card-header">
          <h2 id={titleId} className="tb-card-title">
            {t('orders.lines.title')}
          </h2>
          {editable && (
            <Button
              type="button"
              outlined
              size="small"
              icon="pi pi-plus"
              label={t('orders.lines.add')}
              onClick={() => setDialog({ line: null })}
            />
          )}
        </div>
        <DataTable
          value={lines}
          dataKey="id"
          size="small"
          className="tb-lines"
          emptyMessage={t('orders.lines.empty')}
          pt={{ table: { 'aria-label': t('orders.lines.title') } }}
        >
          <Column
            header={t('orders.line.title')}
            body={(line: OrderLine, { rowIndex }: ColumnBodyOptions) => (
              <>
                <span>{line.title}</span>
                {line.options.length > 0 && (
                  <small className="tb-line-options">
                    {line.options.map((option) => option.title).join(', ')}
                  </small>
                )}
                {lineErrors(errors, rowIndex).map((message) => (
                  <small key={message} className="p-error">
                    {message}
                  </small>
                ))}
              </>
            )}
          />
          <Column header={t('orders.line.variant')} body={(line: OrderLine) => line.variant} />
          <Column header={t('orders.line.sku')} body={(line: OrderLine) => line.sku} />
          <Column
            header={t('orders.line.price')}
            body={(line: OrderLine) => <Money value={line.price} ore currencyCode />}
          />
          <Column
            header={t('orders.line.discount')}
            body={(line: OrderLine) => <Money value={line.discount} ore currencyCode />}
          />
          <Column header={t('orders.line.amount')} body={(line: OrderLine) => line.amount} />
          <Column
            header={t('orders.line.total')}
            body={(line: OrderLine) => <Money value={lineTotal(line)} ore currencyCode />}
          />
          {hasSeats && (
            <Column
              header={t('orders.line.seat')}
              body={(line: OrderLine) => (line.type === SEAT_TICKET ? line.seat : null)}
            />
          )}
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
                    aria-label={t('orders.lines.editLabel', { title: describe(line) })}
                    onClick={() => setDialog({ line })}
                  />
                  <Button
                    type="button"
                    text
                    size="small"
                    severity="danger"
                    rounded
                    icon="pi pi-times"
                    aria-label={t('orders.lines.removeLabel', { title: describe(line) })}
                    onClick={() => remove(line)}
                  />
                </span>
              )}
            />
          )}
        </DataTable>
      </section>
      <OrderLineDialog
        visible={dialog !== null}
        line={dialog?.line ?? null}
        onHide={() => setDialog(null)}
        onSave={save}
      />
    </Card>
  );
}
