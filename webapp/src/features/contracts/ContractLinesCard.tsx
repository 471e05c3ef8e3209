import { useFormikContext } from 'formik';
import { Button } from 'primereact/button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFieldRules } from '../../shared/access';
import { LinesCard } from '../../shared/editor/LinesCard';
import { lineTotal } from '../../shared/orderLines/orderTotals';
import { ContractLinesDialog } from './ContractLinesDialog';
import type { ContractFormValues } from './contractSchema';
import { useGetContractProductsQuery } from './contractsApi';
import { isEditable } from './contractStatus';
import { unitOfProduct } from './simpleLines';
import type { ContractLine, ContractStatus } from './types';

/**
 * The contract's lines: Titel, Variant, Antal (with the unit), Pris, Rabat, Total. 'Vælg produkter'
 * opens 'Aftalelinjer' with the simple line inputs; 'Tilføj produkt' and each line's 'Rediger' the
 * line dialog. Lines change only in draft or renewal; otherwise 'Vis produkter' shows them.
 */
export function ContractLinesCard({ status }: { status: ContractStatus }) {
  const { t } = useTranslation();
  const { values, setFieldValue } = useFormikContext<ContractFormValues>();
  const editable = isEditable(status);
  const [linesOpen, setLinesOpen] = useState(false);
  // The offered products give a line made in the line dialog its unit (and the modal its tabs).
  const groups = useGetContractProductsQuery().data ?? [];
  const fieldRules = useFieldRules('orders');

  return (
    <LinesCard<ContractLine>
      name="contractLines"
      editable={editable}
      emptyMessage={t('contracts.lines.empty')}
      columns={['title', 'variant', 'amount', 'price', 'discount', 'total']}
      amountText={(line) => `${line.amount} ${t(`contracts.units.${line.unit}`)}`}
      withDescription
      fieldRules={fieldRules}
      toLine={(saved, replaced) => ({
        ...saved,
        unit:
          replaced && replaced.productId === saved.productId
            ? replaced.unit
            : unitOfProduct(groups, saved.productId),
        total: lineTotal(saved),
      })}
      actions={
        <Button
          type="button"
          outlined
          size="small"
          icon="pi pi-list"
          label={editable ? t('contracts.lines.choose') : t('contracts.lines.show')}
          onClick={() => setLinesOpen(true)}
        />
      }
    >
      {linesOpen && (
        <ContractLinesDialog
          lines={values.contractLines}
          editable={editable}
          onHide={() => setLinesOpen(false)}
          onSave={(next) => void setFieldValue('contractLines', next)}
        />
      )}
    </LinesCard>
  );
}
