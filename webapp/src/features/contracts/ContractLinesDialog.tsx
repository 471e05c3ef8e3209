import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dialog } from 'primereact/dialog';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../api/baseApi';
import { Alert } from '../../shared/ui/Alert';
import { Money } from '../../shared/ui/Money';
import { Preloader } from '../../shared/ui/Preloader';
import { Tabs, type TabDefinition } from '../../shared/ui/Tabs';
import { useGetContractProductsQuery } from './contractsApi';
import { deletedLines, visibleGroups } from './simpleLines';
import { SimpleLineInput } from './SimpleLineInput';
import type { ContractLine, ProductGroup } from './types';
import { RemoveButton } from '../../shared/ui/RemoveButton';

interface ContractLinesDialogProps {
  /** The contract's lines when the dialog opens. */
  lines: ContractLine[];
  /** Draft or renewal: the inputs change the lines; otherwise they only show them. */
  editable: boolean;
  onHide: () => void;
  onSave: (lines: ContractLine[]) => void;
}

/** The products of one offered group, each with its simple line input. */
function GroupTab({
  group,
  lines,
  editable,
  onApply,
}: {
  group: ProductGroup;
  lines: ContractLine[];
  editable: boolean;
  onApply: (change: (lines: ContractLine[]) => ContractLine[]) => void;
}) {
  return (
    <div className="tb-stack" role="group" aria-label={group.category.title}>
      {group.products.map((product) => (
        <SimpleLineInput
          key={product.id}
          product={product}
          lines={lines}
          onApply={onApply}
          disabled={!editable}
        />
      ))}
    </div>
  );
}

/** 'Slettede (n)': lines of products no longer offered, each removable in draft or renewal. */
function DeletedTab({
  lines,
  editable,
  onRemove,
}: {
  lines: ContractLine[];
  editable: boolean;
  onRemove: (line: ContractLine) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="tb-stack">
      <p>{t('contracts.modal.deletedHelp')}</p>
      <DataTable
        value={lines}
        dataKey="id"
        size="small"
        emptyMessage={t('contracts.lines.empty')}
        pt={{ table: { 'aria-label': t('contracts.modal.deleted', { count: lines.length }) } }}
      >
        <Column header={t('common.line.title')} field="title" />
        <Column header={t('common.line.variant')} field="variant" />
        <Column
          header={t('common.line.amount')}
          body={(line: ContractLine) => `${line.amount} ${t(`contracts.units.${line.unit}`)}`}
        />
        <Column
          header={t('common.line.price')}
          body={(line: ContractLine) => <Money value={line.price} ore currencyCode />}
        />
        {editable && (
          <Column
            header={t('table.actions')}
            body={(line: ContractLine) => (
              <RemoveButton
                label={t('contracts.modal.remove')}
                aria-label={t('contracts.modal.removeLabel', { title: line.title })}
                onClick={() => onRemove(line)}
              />
            )}
          />
        )}
      </DataTable>
    </div>
  );
}

/**
 * 'Aftalelinjer' (spec 3 §2 "Contract line editor"): a tab per product group offered on contracts
 * (hidden groups are left out) with each product's simple line input, and 'Slettede (n)' with the
 * lines of products no group offers any more. The inputs work on a copy of the lines: 'Gem' hands
 * them to the contract form, 'Fortryd' forgets them. Outside draft or renewal it only shows them.
 * It is mounted while it is open, so every opening starts from the contract's lines as they are.
 */
export function ContractLinesDialog({ lines, editable, onHide, onSave }: ContractLinesDialogProps) {
  const { t } = useTranslation();
  const products = useGetContractProductsQuery();
  const [draft, setDraft] = useState<ContractLine[]>(lines);

  const groups = products.data ?? [];
  const deleted = deletedLines(draft, groups);
  const tabs: TabDefinition[] = [
    ...visibleGroups(groups).map((group, index) => ({
      key: (index + 1) * 10,
      label: group.category.title,
      content: <GroupTab group={group} lines={draft} editable={editable} onApply={setDraft} />,
    })),
    {
      key: 10_000,
      label: t('contracts.modal.deleted', { count: deleted.length }),
      content: (
        <DeletedTab
          lines={deleted}
          editable={editable}
          onRemove={(removed) =>
            setDraft((current) => current.filter((line) => line.id !== removed.id))
          }
        />
      ),
    },
  ];

  return (
    <Dialog
      header={t('contracts.modal.title')}
      visible
      onHide={onHide}
      ariaCloseIconLabel={t('common.close')}
      style={{ width: '50vw' }}
      breakpoints={{ '960px': '75vw', '640px': '90vw' }}
      footer={
        editable ? (
          <div className="tb-form-actions">
            <Button type="button" text label={t('contracts.modal.cancel')} onClick={onHide} />
            <Button
              type="button"
              label={t('contracts.modal.save')}
              disabled={!products.isSuccess}
              onClick={() => {
                onSave(draft);
                onHide();
              }}
            />
          </div>
        ) : undefined
      }
    >
      {products.isError ? (
        <Alert severity="error">
          {apiErrorMessage(products.error) ?? t('contracts.modal.loadFailed')}
        </Alert>
      ) : !products.isSuccess ? (
        <Preloader label={t('common.loading')} />
      ) : (
        <>
          {visibleGroups(groups).length === 0 && <p>{t('contracts.modal.noProducts')}</p>}
          <Tabs tabs={tabs} />
        </>
      )}
    </Dialog>
  );
}
