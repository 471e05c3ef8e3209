import { Formik, useFormikContext, type FormikHelpers } from 'formik';
import { Button } from 'primereact/button';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { apiErrorMessage } from '../../api/baseApi';
import { useCanAccess } from '../../shared/access';
import { CommentsCard } from '../../shared/comments/CommentsCard';
import { useGetCommentsQuery } from '../../shared/comments/commentsApi';
import { isConflict } from '../../shared/conflict';
import { FilesGrid } from '../../shared/files/FilesGrid';
import { InvoicesTable } from '../../shared/invoices/InvoicesTable';
import { Form } from '../../shared/ui/Form';
import { applyServerErrors } from '../../shared/ui/formErrors';
import { Preloader } from '../../shared/ui/Preloader';
import { Tabs, useTabParam } from '../../shared/ui/Tabs';
import { useToast } from '../../shared/ui/Toast';
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

/** A failed submit shows the tab with the messages. */
function ShowErrorsOnInvalidSubmit({ onInvalid }: { onInvalid: (tab: number) => void }) {
  const { submitCount, isValid, isSubmitting, errors } = useFormikContext<ContractFormValues>();
  const handled = useRef(0);
  const listener = useRef(onInvalid);
  useEffect(() => {
    listener.current = onInvalid;
  });
  useEffect(() => {
    if (isSubmitting || isValid || submitCount === handled.current) return;
    handled.current = submitCount;
    listener.current(tabOfErrors(errors));
  }, [submitCount, isValid, isSubmitting, errors]);
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
  const toast = useToast();
  const navigate = useNavigate();
  const [tab, setTab] = useTabParam(CONTRACT_TAB);
  const [saveContract] = useSaveContractMutation();
  const [categoryId, setCategoryId] = useState(contract.categoryId);
  const fieldsQuery = useGetContractFieldsQuery(categoryId ?? '', { skip: !categoryId });
  const fields = useMemo(
    () => (categoryId ? (fieldsQuery.data ?? []) : []),
    [categoryId, fieldsQuery.data],
  );
  const schema = useMemo(() => contractSchema(t, fields), [t, fields]);
  const initialValues = useMemo(() => contractFormValues(contract), [contract]);
  const savedId = contract.id;
  const unread = useGetCommentsQuery(
    { entityId: savedId ?? '', skip: 0, relations: [] },
    { skip: !savedId },
  ).data?.unread;
  const show = (wanted: number) => {
    if (tab !== wanted) setTab(wanted);
  };

  /**
   * A failed write: a 409 shows the server's text and reads the contract again (the form shows
   * the server's state); other refusals put their messages on the fields and show the text.
   */
  async function failed(
    error: unknown,
    helpers: Pick<FormikHelpers<ContractFormValues>, 'resetForm' | 'setErrors'>,
  ) {
    if (isConflict(error)) {
      toast.error(apiErrorMessage(error) ?? t('contracts.errors.conflict'));
      if (savedId) {
        const fresh = await reload();
        helpers.resetForm({ values: contractFormValues(fresh) });
      }
      return;
    }
    if (applyServerErrors(helpers.setErrors, error, formFieldOf)) {
      show(tabOfErrors((error as { errors: Record<string, unknown> }).errors));
    }
    toast.error(apiErrorMessage(error) ?? t('contracts.errors.unknown'));
  }

  const title = savedId
    ? t('contracts.editor.title', { number: contract.contractNumber ?? '' })
    : t('contracts.editor.createTitle');

  return (
    <Formik<ContractFormValues>
      initialValues={initialValues}
      enableReinitialize
      validationSchema={schema}
      onSubmit={async (values, helpers) => {
        try {
          const id = await saveContract(contractPayload(contract, values)).unwrap();
          if (!savedId) {
            toast.success(t('contracts.messages.created'));
            navigate(contractPath(id), { replace: true });
          } else {
            toast.success(t('contracts.messages.saved'));
            const fresh = await reload();
            helpers.resetForm({ values: contractFormValues(fresh) });
          }
        } catch (error) {
          await failed(error, helpers);
        }
      }}
    >
      {(form) => (
        <Form className="tb-page tb-order tb-contract" label={t('contracts.editor.label')}>
          <WatchCategory onChange={setCategoryId} />
          <FillDefaults fields={fields} isNew={!savedId} />
          <ShowErrorsOnInvalidSubmit onInvalid={show} />
          <div className="tb-page-header">
            <div className="tb-order-heading">
              <h1>{contract.status === 'cancelled' ? <s>{title}</s> : title}</h1>
            </div>
            <div className="tb-page-actions">
              <Link to={CONTRACTS_PATH} className="p-button p-component p-button-text">
                {t('common.back')}
              </Link>
              {savedId && (
                <ContractActionsMenu
                  contract={{ ...contract, id: savedId }}
                  reload={reload}
                  onError={(error) => failed(error, form)}
                  onInvalid={show}
                />
              )}
              {isSavable(contract.status) && (
                <Button
                  type="submit"
                  icon="pi pi-save"
                  label={t('common.save')}
                  loading={form.isSubmitting}
                />
              )}
            </div>
          </div>
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
                    onConflict={() => void failed({ status: 409 }, form)}
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
        </Form>
      )}
    </Formik>
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
  const toast = useToast();
  const navigate = useNavigate();
  const { id = NEW_CONTRACT_ID } = useParams();
  const isNew = id === NEW_CONTRACT_ID;
  const existing = useGetContractQuery(id, { skip: isNew });
  const template = useGetNewContractQuery(undefined, { skip: !isNew });
  const query = isNew ? template : existing;
  const { isError, error } = query;

  // Once per failure: the effect may run again (a new `navigate`) before the page is gone.
  const leftFor = useRef<unknown>(null);
  useEffect(() => {
    if (!isError || leftFor.current === error) return;
    leftFor.current = error;
    toast.error(apiErrorMessage(error) ?? t('contracts.errors.loadFailed'));
    navigate(CONTRACTS_PATH, { replace: true });
  }, [isError, error, toast, t, navigate]);

  const contract = query.data;
  if (!contract || isError) return <Preloader label={t('common.loading')} />;
  return (
    <ContractEditor
      key={contract.id ?? NEW_CONTRACT_ID}
      contract={contract}
      reload={() => existing.refetch().unwrap()}
    />
  );
}
