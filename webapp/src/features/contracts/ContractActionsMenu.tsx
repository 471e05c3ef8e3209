import { useTranslation } from 'react-i18next';
import { useWithoutHidden } from '../../shared/access';
import { useNavigate } from 'react-router';
import { apiErrorMessage } from '../../api/baseApi';
import { ActionsMenu } from '../../shared/editor/ActionsMenu';
import { useEditorActions } from '../../shared/editor/useEditorActions';
import { useConfirm } from '../../shared/ui/ConfirmButton';
import { useToast } from '../../shared/ui/Toast';
import { contractFormValues, contractPayload, type ContractFormValues } from './contractSchema';
import {
  useApproveContractMutation,
  useCancelContractMutation,
  useDeleteContractMutation,
  useOpenContractPdfMutation,
  useReactivateContractMutation,
  useRenewContractMutation,
  useReopenContractMutation,
  useSaveContractMutation,
  useSendContractForSigningMutation,
  useSendContractMutation,
} from './contractsApi';
import { contractActions, type ContractAction } from './contractStatus';
import { tabOfErrors } from './contractTabs';
import { CONTRACTS_PATH, contractPath } from './paths';
import type { Contract } from './types';

interface ContractActionsMenuProps {
  /** A saved contract. */
  contract: Contract & { id: string };
  /** Reads the contract again and returns it. */
  reload: () => Promise<Contract>;
  /** A failed write: shows the error (and after a 409 reads the contract again). */
  onError: (error: unknown) => Promise<void>;
  /** The form is invalid: show the tab with the messages. */
  onInvalid: (tab: number) => void;
}

const ICONS: Record<ContractAction, string> = {
  approve: 'pi pi-check',
  reopen: 'pi pi-pencil',
  cancel: 'pi pi-ban',
  reactivate: 'pi pi-replay',
  renew: 'pi pi-refresh',
  send: 'pi pi-envelope',
  sendForSigning: 'pi pi-pen-to-square',
  pdf: 'pi pi-file-pdf',
  deleteDraft: 'pi pi-trash',
  delete: 'pi pi-trash',
};

const DANGER: ContractAction[] = ['cancel', 'deleteDraft', 'delete'];

/**
 * 'Handlinger': the status changes of spec 3 §4 that the contract's status allows, sending, and the
 * PDF, with the messages of spec 3 §8. Approving validates the form first and saves unsaved changes
 * before it approves; 'Forny' goes to the new contract; deleting goes back to the list.
 */
export function ContractActionsMenu({
  contract,
  reload,
  onError,
  onInvalid,
}: ContractActionsMenuProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const confirm = useConfirm();
  const navigate = useNavigate();
  const [saveContract] = useSaveContractMutation();
  const withoutHidden = useWithoutHidden('orders');
  const [approveContract] = useApproveContractMutation();
  const [reopenContract] = useReopenContractMutation();
  const [cancelContract] = useCancelContractMutation();
  const [reactivateContract] = useReactivateContractMutation();
  const [renewContract] = useRenewContractMutation();
  const [deleteContract] = useDeleteContractMutation();
  const [sendContract] = useSendContractMutation();
  const [sendForSigning] = useSendContractForSigningMutation();
  const [openPdf] = useOpenContractPdfMutation();
  const { busy, setBusy, run, invalidFields, savedVersion } = useEditorActions({
    reload,
    formValues: contractFormValues,
    save: (values: ContractFormValues) =>
      saveContract(withoutHidden(contractPayload(contract, values))).unwrap(),
    onError,
  });
  const current = { id: contract.id, version: contract.version };

  async function approve() {
    const errors = await invalidFields();
    if (errors) {
      onInvalid(tabOfErrors(errors));
      return;
    }
    await run(async () => {
      const version = await savedVersion(contract.version);
      await approveContract({ id: contract.id, version }).unwrap();
    }, t('contracts.messages.approved'));
  }

  async function cancel() {
    if (!(await confirm({ message: t('contracts.confirmCancel') }))) return;
    await run(() => cancelContract(current).unwrap(), t('contracts.messages.cancelled'));
  }

  async function remove() {
    if (!(await confirm({ message: t('contracts.confirmDelete') }))) return;
    await run(
      () => deleteContract(contract.id).unwrap(),
      t('contracts.messages.deleted'),
      () => navigate(CONTRACTS_PATH),
    );
  }

  async function showPdf() {
    setBusy(true);
    try {
      await openPdf({
        id: contract.id,
        fileName: `Aftale-${contract.contractNumber ?? contract.id}.pdf`,
      }).unwrap();
    } catch (error) {
      toast.error(apiErrorMessage(error) ?? t('contracts.errors.pdfFailed'));
    } finally {
      setBusy(false);
    }
  }

  const commands: Record<ContractAction, () => Promise<void>> = {
    approve,
    reopen: () => run(() => reopenContract(current).unwrap(), t('contracts.messages.reopened')),
    cancel,
    reactivate: () =>
      run(() => reactivateContract(current).unwrap(), t('contracts.messages.reactivated')),
    renew: () =>
      run(
        () => renewContract(current).unwrap(),
        t('contracts.messages.renewed'),
        (id) => navigate(contractPath(id)),
      ),
    send: () => run(() => sendContract(contract.id).unwrap(), t('contracts.messages.sent')),
    sendForSigning: () =>
      run(() => sendForSigning(contract.id).unwrap(), t('contracts.messages.sentForSigning')),
    pdf: showPdf,
    deleteDraft: remove,
    delete: remove,
  };

  return (
    <ActionsMenu
      actions={contractActions(contract)}
      labels={(action) => t(`contracts.actions.${action}`)}
      icons={ICONS}
      danger={DANGER}
      commands={commands}
      busy={busy}
    />
  );
}
