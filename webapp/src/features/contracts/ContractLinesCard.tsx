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
import { ContractLinesDialog } from './ContractLinesDialog';
import type { ContractFormValues } from './contractSchema';
import { useGetContractProductsQuery } from './contractsApi';
import { isEditable } from './contractStatus';
import { Section } from '../../shared/ui/Section';
import { unitOfProduct } from './simpleLines';
import type { ContractLine, ContractStatus } from './types';

/** The messages a 422 put on a line's fields (contractLines.{i}.title …). */
function lineErrors(errors: unknown, index: number): string[] {
  const lineError: unknown = getIn(errors, `contractLines.${index}`);
  const collect = (value: unknown): string[] =>
    typeof value === 'string'
      ? [value]
      : value && typeof value === 'object'
        ? Object.values(value).flatMap(collect)
        : [];
  return collect(lineError);
}

/**
 * The contract's lines: Titel, Variant, Antal (with the unit), Pris, Rabat, Total. 'Vælg produkter'
 * opens 'Aftalelinjer' with the simple line inputs; 'Tilføj produkt' and each line's 'Rediger' the
 * line dialog. Lines change only in draft or renewal; otherwise 'Vis produkter' shows them.
 */
export function ContractLinesCard({ status }: { status: ContractStatus }) {
  const { t } = useTranslation();
  const { values, errors, setValues } = useFormikContext<ContractFormValues>();
  const editable = isEditable(status);
  const [linesOpen, setLinesOpen] = useState(false);
  const [dialog, setDialog] = useState<{ line: ContractLine | null } | null>(null);
  // The offered products give a line made in the line dialog its unit (and the modal its tabs).
  const groups = useGetContractProductsQuery().data ?? [];
  const lines = values.contractLines;
  const listError: unknown = getIn(errors, 'contractLines');

  const setLines = (change: (current: ContractLine[]) => ContractLine[]) =>
    void setValues((current) => ({ ...current, contractLines: change(current.contractLines) }));
  const save = (saved: OrderLine) =>
    setLines((current) => {
      const known = current.find((line) => line.id === saved.id);
      const unit =
        known && known.productId === saved.productId
          ? known.unit
          : unitOfProduct(groups, saved.productId);
      const line: ContractLine = { ...saved, unit, total: lineTotal(saved) };
      return known
        ? current.map((candidate) => (candidate.id === saved.id ? line : candidate))
        : [...current, line];
    });
  const remove = (removed: ContractLine) =>
    setLines((current) => current.filter((line) => line.id !== removed.id));
  const describe = (line: ContractLine) =>
    line.variant ? `${line.title} ${line.variant}` : line.title;

  return (
    <Section
      title={t('contracts.lines.title')}
      actions={
        <span className="tb-row-actions">
          <Button
            type="button"
            outlined
            size="small"
            icon="pi pi-list"
            label={editable ? t('contracts.lines.choose') : t('contracts.lines.show')}
            onClick={() => setLinesOpen(true)}
          />
          {editable && (
            <Button
              type="button"
              outlined
              size="small"
              icon="pi pi-plus"
              label={t('contracts.lines.add')}
              onClick={() => setDialog({ line: null })}
            />
          )}
        </span>
      }
    >
      {typeof listError === 'string' && <small className="p-error">{listError}</small>}
      <DataTable
        value={lines}
        dataKey="id"
        size="small"
        className="tb-lines"
        emptyMessage={t('contracts.lines.empty')}
        pt={{ table: { 'aria-label': t('contracts.lines.title') } }}
      >
        <Column
          header={t('contracts.line.title')}
          body={(line: ContractLine) => (
            <>
              <span>{line.title}</span>
              {line.description && <small className="tb-line-options">{line.description}</small>}
              {line.options.length > 0 && (
                <small className="tb-line-options">
                  {line.options.map((option) => option.title).join(', ')}
                </small>
              )}
            </>
          )}
        />
        <Column header={t('contracts.line.variant')} body={(line: ContractLine) => line.variant} />
        <Column
          header={t('contracts.line.amount')}
          body={(line: ContractLine) => `${line.amount} ${t(`contracts.units.${line.unit}`)}`}
        />
        <Column
          header={t('contracts.line.price')}
          body={(line: ContractLine) => <Money value={line.price} ore currencyCode />}
        />
        <Column
          header={t('contracts.line.discount')}
          body={(line: ContractLine) => <Money value={line.discount} ore currencyCode />}
        />
        <Column
          header={t('contracts.line.total')}
          body={(line: ContractLine) => <Money value={lineTotal(line)} ore currencyCode />}
        />
        {editable && (
          <Column
            header={t('table.actions')}
            body={(line: ContractLine) => (
              <span className="tb-row-actions">
                <Button
                  type="button"
                  text
                  size="small"
                  rounded
                  icon="pi pi-pencil"
                  aria-label={t('contracts.lines.editLabel', { title: describe(line) })}
                  onClick={() => setDialog({ line })}
                />
                <Button
                  type="button"
                  text
                  size="small"
                  severity="danger"
                  rounded
                  icon="pi pi-times"
                  aria-label={t('contracts.lines.removeLabel', { title: describe(line) })}
                  onClick={() => remove(line)}
                />
              </span>
            )}
          />
        )}
      </DataTable>
      {/* The table keeps its rows while only the messages change: they are listed below it. */}
      {lines.some((_line, index) => lineErrors(errors, index).length > 0) && (
        <ul className="tb-line-errors" aria-label={t('contracts.lines.errors')}>
          {lines.flatMap((line, index) =>
            lineErrors(errors, index).map((message) => (
              <li key={`${line.id}-${message}`} className="p-error">
                {t('contracts.lines.error', { title: describe(line), message })}
              </li>
            )),
          )}
        </ul>
      )}
      {linesOpen && (
        <ContractLinesDialog
          lines={lines}
          editable={editable}
          onHide={() => setLinesOpen(false)}
          onSave={(next) => setLines(() => next)}
        />
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
