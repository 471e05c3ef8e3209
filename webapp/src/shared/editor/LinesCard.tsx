import { getIn, setIn, useFormikContext } from 'formik';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { OrderLineDialog } from '../orderLines/OrderLineDialog';
import { SEAT_TICKET } from '../orderLines/orderLineSchema';
import { lineTotal } from '../orderLines/orderTotals';
import type { OrderLine } from '../orderLines/types';
import { namesField, type FieldRules } from '../access';
import type { LineMoneyField } from '../orderLines/OrderLineDialog';
import { Money } from '../ui/Money';
import { Section } from '../ui/Section';
import { RemoveButton } from '../ui/RemoveButton';

/** A column of the lines table: Titel, Variant, Varenummer, Antal, Pris, Rabat, Total, Plads. */
export type LineColumn =
  'title' | 'variant' | 'sku' | 'amount' | 'price' | 'discount' | 'total' | 'seat';

/** The messages a 422 put on a line's fields (`{name}.{i}.title` …). */
function lineErrors(errors: unknown, name: string, index: number): string[] {
  const lineError: unknown = getIn(errors, `${name}.${index}`);
  const collect = (value: unknown): string[] =>
    typeof value === 'string'
      ? [value]
      : value && typeof value === 'object'
        ? Object.values(value).flatMap(collect)
        : [];
  return collect(lineError);
}

interface LinesCardProps<L extends OrderLine> {
  /** The form field holding the lines ('contractLines', 'orderLines'). */
  name: string;
  /** Lines are added, edited and removed; otherwise they only show. */
  editable: boolean;
  /** 'Ingen produkter på aftalen.' */
  emptyMessage: string;
  /** The columns in the order the spec lists them. */
  columns: readonly LineColumn[];
  /** Antal as the table shows it (a contract's adds the unit); the number by default. */
  amountText?: (line: L) => string;
  /** A line's description shows under its title. */
  withDescription?: boolean;
  /**
   * A line the line dialog saved as the form keeps it, given the line it replaces (none when it
   * is new); the saved line itself by default.
   */
  toLine?: (saved: OrderLine, replaced: L | undefined) => L;
  /** Buttons before 'Tilføj produkt' in the heading. */
  actions?: ReactNode;
  /** Below the table, e.g. a dialog of its own. */
  children?: ReactNode;
  /**
   * The role's field rules on the editor's module (spec 1 §6): a hidden price or discount leaves
   * its column (and the total it makes) out; a locked one cannot be typed in the line dialog.
   */
  fieldRules?: FieldRules;
}

/**
 * 'Produkter' of an editor: a line's title (with its options), variant, amount, price, discount and
 * total. An editable form adds lines ('Tilføj produkt': the order-line dialog), edits ('Rediger')
 * and removes them. The messages a save put on the lines are listed below the table.
 */
export function LinesCard<L extends OrderLine>({
  name,
  editable,
  emptyMessage,
  columns,
  amountText = (line) => String(line.amount),
  withDescription = false,
  toLine = (saved) => saved as L,
  actions,
  children,
  fieldRules = { hidden: [], locked: [] },
}: LinesCardProps<L>) {
  const { t } = useTranslation();
  const { values, errors, setValues } = useFormikContext();
  const [dialog, setDialog] = useState<{ line: L | null } | null>(null);
  const lines = getIn(values, name) as L[];
  const ruled = (fields: string[]) =>
    (['price', 'discount'] as const).filter((field) => namesField(fields, `${name}.${field}`));
  const moneyFields: { hidden: LineMoneyField[]; locked: LineMoneyField[] } = {
    hidden: ruled(fieldRules.hidden),
    locked: ruled(fieldRules.locked),
  };
  const shown = columns.filter(
    (column) => !moneyFields.hidden.some((field) => column === field || column === 'total'),
  );
  const listError: unknown = getIn(errors, name);

  // The table's cells keep the closures of their render: start from formik's values.
  const setLines = (change: (current: L[]) => L[]) =>
    void setValues((current: object) => setIn(current, name, change(getIn(current, name) as L[])));
  const save = (saved: OrderLine) =>
    setLines((current) => {
      const replaced = current.find((line) => line.id === saved.id);
      const line = toLine(saved, replaced);
      return replaced
        ? current.map((candidate) => (candidate.id === saved.id ? line : candidate))
        : [...current, line];
    });
  const remove = (removed: L) =>
    setLines((current) => current.filter((line) => line.id !== removed.id));
  const describe = (line: L) => (line.variant ? `${line.title} ${line.variant}` : line.title);
  const money = (value: number) => <Money value={value} ore currencyCode />;

  const cells: Record<LineColumn, ReactNode> = {
    title: (
      <Column
        key="title"
        header={t('common.line.title')}
        body={(line: L) => (
          <>
            <span>{line.title}</span>
            {withDescription && line.description && (
              <small className="tb-line-options">{line.description}</small>
            )}
            {line.options.length > 0 && (
              <small className="tb-line-options">
                {line.options.map((option) => option.title).join(', ')}
              </small>
            )}
          </>
        )}
      />
    ),
    variant: (
      <Column key="variant" header={t('common.line.variant')} body={(line: L) => line.variant} />
    ),
    sku: <Column key="sku" header={t('common.line.sku')} body={(line: L) => line.sku} />,
    amount: <Column key="amount" header={t('common.line.amount')} body={amountText} />,
    price: (
      <Column key="price" header={t('common.line.price')} body={(line: L) => money(line.price)} />
    ),
    discount: (
      <Column
        key="discount"
        header={t('common.line.discount')}
        body={(line: L) => money(line.discount)}
      />
    ),
    total: (
      <Column
        key="total"
        header={t('common.line.total')}
        body={(line: L) => money(lineTotal(line))}
      />
    ),
    seat: (
      <Column
        key="seat"
        header={t('common.line.seat')}
        body={(line: L) => (line.type === SEAT_TICKET ? line.seat : null)}
      />
    ),
  };

  const add = editable && (
    <Button
      type="button"
      outlined
      size="small"
      icon="pi pi-plus"
      label={t('common.lines.add')}
      onClick={() => setDialog({ line: null })}
    />
  );

  return (
    <Section
      title={t('common.lines.title')}
      actions={
        actions ? (
          <span className="tb-row-actions">
            {actions}
            {add}
          </span>
        ) : (
          add
        )
      }
    >
      {typeof listError === 'string' && <small className="p-error">{listError}</small>}
      <DataTable
        value={lines}
        dataKey="id"
        size="small"
        className="tb-lines"
        emptyMessage={emptyMessage}
        pt={{ table: { 'aria-label': t('common.lines.title') } }}
      >
        {shown.map((column) => cells[column])}
        {editable && (
          <Column
            header={t('table.actions')}
            body={(line: L) => (
              <span className="tb-row-actions">
                <Button
                  type="button"
                  text
                  size="small"
                  rounded
                  icon="pi pi-pencil"
                  aria-label={t('common.lines.editLabel', { title: describe(line) })}
                  onClick={() => setDialog({ line })}
                />
                <RemoveButton
                  label={null}
                  rounded
                  aria-label={t('common.lines.removeLabel', { title: describe(line) })}
                  onClick={() => remove(line)}
                />
              </span>
            )}
          />
        )}
      </DataTable>
      {/* The table keeps its rows while only the messages change: they are listed below it. */}
      {lines.some((_line, index) => lineErrors(errors, name, index).length > 0) && (
        <ul className="tb-line-errors" aria-label={t('common.lines.errors')}>
          {lines.flatMap((line, index) =>
            lineErrors(errors, name, index).map((message) => (
              <li key={`${line.id}-${message}`} className="p-error">
                {t('common.lines.error', { title: describe(line), message })}
              </li>
            )),
          )}
        </ul>
      )}
      {children}
      <OrderLineDialog
        visible={dialog !== null}
        line={dialog?.line ?? null}
        onHide={() => setDialog(null)}
        onSave={save}
        moneyFields={moneyFields}
      />
    </Section>
  );
}
