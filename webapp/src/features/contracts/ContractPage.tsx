import { useFormikContext } from 'formik';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useCanAccess, useWithoutHidden } from '../../shared/access';
import { CommentsCard } from '../../shared/comments/CommentsCard';
import { useGetCommentsQuery } from '../../shared/comments/commentsApi';
import { AggregateEditor } from '../../shared/editor/AggregateEditor';
import { useLeaveWhenLoadFails } from '../../shared/editor/useLeaveWhenLoadFails';
import { FilesGrid } from '../../shared/files/FilesGrid';
import { InvoicesTable } from '../../shared/invoices/InvoicesTable';
import { Preloader } from '../../shared/ui/Preloader';
import { Tabs, useTabParam } from '../../shared/ui/Tabs';
import { ContractActionsMenu } from './ContractActionsMenu';
import { ContractDetailsTab, FillDefaults } from './ContractDetailsTab';
import { ContractHistoryTab } from './ContractHistoryTab';
import {
  contractFormValues,
  contractPayload,
  contractSchema,
  formFieldOf,
  type ContractFormValues,
} from './contractSchema';
import {
  useGetContractFieldsQuery,
  useGetContractQuery,
  useGetNewContractQuery,
  useSaveContractMutation,
} from './contractsApi';
import { isSavable } from './contractStatus';
import { ContractTab } from './ContractTab';
import {
  CONTRACT_TAB,
  DETAILS_TAB,
  FILES_TAB,
  HISTORY_TAB,
  INVOICES_TAB,
  NOTES_TAB,
  tabOfErrors,
} from './contractTabs';
import { CONTRACTS_PATH, contractPath } from './paths';
import type { Contract } from './types';

export const NEW_CONTRACT_ID = 'create';

/** Tells the page the chosen category, whose custom fields the form shows and checks. */
function WatchCategory({ onChange }: { onChange: (categoryId: string | null) => void }) {
  const { values } = useFormikContext<ContractFormValues>();
  const listener = useRef(onChange);
  useEffect(() => {
    listener.current = onChange;
  });
  useEffect(() => listener.current(values.categoryId), [values.categoryId]);
  return null;
}

interface ContractEditorProps {
  contract: Contract;
  /** Reads the contract again and returns it (saved contracts). */
  reload: () => Promise<Contract>;
}

function ContractEditor({ contract, reload }: ContractEditorProps) {
  const { t } = useTranslation();
  const canManage = useCanAccess('manage', 'orders');
  const [tab, setTab] = useTabParam(CONTRACT_TAB);
  const [saveContract] = useSaveContractMutation();
  const withoutHidden = useWithoutHidden('orders');
  const [categoryId, setCategoryId] = useState(contract.categoryId);
  const fieldsQuery = useGetContractFieldsQuery(categoryId ?? '', { skip: !categoryId });
  const fields = useMemo(
    () => (categoryId ? (fieldsQuery.data ?? []) : []),
    [categoryId, fieldsQuery.data],
  );
  const schema = useMemo(() => contractSchema(t, fields), [t, fields]);
  const savedId = contract.id;
  const unread = useGetCommentsQuery(
    { entityId: savedId ?? '', skip: 0, relations: [] },
    { skip: !savedId },
  ).data?.unread;
  const show = (wanted: number) => {
    if (tab !== wanted) setTab(wanted);
  };

  return (
    <AggregateEditor<Contract, ContractFormValues>
      entity={contract}
      reload={reload}
      formValues={contractFormValues}
      schema={schema}
      save={(values) => saveContract(withoutHidden(contractPayload(contract, values))).unwrap()}
      fieldOf={formFieldOf}
      listPath={CONTRACTS_PATH}
      pathOf={contractPath}
      texts={{
        title: savedId
          ? t('contracts.editor.title', { number: contract.contractNumber ?? '' })
          : t('contracts.editor.createTitle'),
        label: t('contracts.editor.label'),
        created: t('contracts.messages.created'),
        saved: t('contracts.messages.saved'),
        conflict: t('contracts.errors.conflict'),
        unknown: t('contracts.errors.unknown'),
      }}
      className="tb-page tb-order tb-contract"
      struck={contract.status === 'cancelled'}
      canSave={isSavable(contract.status)}
      onInvalid={(errors) => show(tabOfErrors(errors))}
      actions={(failed) =>
        savedId && (
          <ContractActionsMenu
            contract={{ ...contract, id: savedId }}
            reload={reload}
            onError={failed}
            onInvalid={show}
          />
        )
      }
    >
      {(failed) => (
        <>
          <WatchCategory onChange={setCategoryId} />
          <FillDefaults fields={fields} isNew={!savedId} />
          <Tabs
            activeKey={tab}
            onTabChange={setTab}
            tabs={[
              {
                key: CONTRACT_TAB,
                label: t('contracts.tabs.contract'),
                content: (
                  <ContractTab
                    contract={contract}
                    onConflict={() => void failed({ status: 409 })}
                  />
                ),
              },
              {
                key: INVOICES_TAB,
                label: t('contracts.tabs.invoices'),
                visible: Boolean(savedId),
                content: savedId && (
                  <InvoicesTable
                    sourceId={savedId}
                    collection="contracts"
                    canCreate={contract.status === 'approved' && canManage}
                    canManage={canManage}
                  />
                ),
              },
              {
                key: FILES_TAB,
                label: t('contracts.tabs.files'),
                visible: Boolean(savedId),
                content: savedId && <FilesGrid relationId={savedId} relationType="contract" />,
              },
              {
                key: DETAILS_TAB,
                label: t('contracts.tabs.details'),
                content: <ContractDetailsTab contract={contract} fields={fields} />,
              },
              {
                key: NOTES_TAB,
                label: t('contracts.tabs.notes'),
                visible: Boolean(savedId),
                badge: unread ? unread : undefined,
                content: savedId && (
                  <CommentsCard
                    entityId={savedId}
                    originType="contract"
                    originUrl={contractPath(savedId)}
                  />
                ),
              },
              {
                key: HISTORY_TAB,
                label: t('contracts.tabs.history'),
                visible: Boolean(savedId),
                content: savedId && <ContractHistoryTab contractId={savedId} />,
              },
            ]}
          />
        </>
      )}
    </AggregateEditor>
  );
}

/**
 * /orders/contracts/{id} ('create' = a new draft from the template GET contracts/new): heading
 * 'Opret aftale' or 'Aftale #number' (struck through when cancelled), tabs Aftale, Fakturaer,
 * Filer, Detaljer, Noter (unread badge) and Historik (all but Aftale and Detaljer once saved), the
 * actions menu and 'Gem' (not for a cancelled contract). A failed load goes back to the list.
 */
export function ContractPage() {
  const { t } = useTranslation();
  const { id = NEW_CONTRACT_ID } = useParams();
  const isNew = id === NEW_CONTRACT_ID;
  const existing = useGetContractQuery(id, { skip: isNew });
  const template = useGetNewContractQuery(undefined, { skip: !isNew });
  const query = isNew ? template : existing;
  useLeaveWhenLoadFails(query, t('contracts.errors.loadFailed'), CONTRACTS_PATH);

  const contract = query.data;
  if (!contract || query.isError) return <Preloader label={t('common.loading')} />;
  return (
    <ContractEditor
      key={contract.id ?? NEW_CONTRACT_ID}
      contract={contract}
      reload={() => existing.refetch().unwrap()}
    />
  );
}
