import { useFormikContext } from 'formik';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ActionsMenu } from '../../shared/editor/ActionsMenu';
import { useEditorActions } from '../../shared/editor/useEditorActions';
import { useConfirm } from '../../shared/ui/ConfirmButton';
import { SUBSCRIPTIONS_PATH } from './paths';
import {
  approvalErrors,
  subscriptionFormValues,
  subscriptionPayload,
  type SubscriptionFormValues,
} from './subscriptionSchema';
import {
  useApproveSubscriptionMutation,
  useCancelSubscriptionMutation,
  useDeleteSubscriptionMutation,
  useReopenSubscriptionMutation,
  useSaveSubscriptionMutation,
  useSendSubscriptionPaymentLinkMutation,
} from './subscriptionsApi';
import { subscriptionActions, type SubscriptionAction } from './subscriptionStatus';
import type { Subscription } from './types';

interface SubscriptionActionsMenuProps {
  /** A saved subscription. */
  subscription: Subscription & { id: string };
  /** Reads the subscription again and returns it. */
  reload: () => Promise<Subscription>;
  /** A failed write: shows the error (and after a 409 reads the subscription again). */
  onError: (error: unknown) => Promise<void>;
  /** The form is invalid: show the tab with the messages. */
  onInvalid: () => void;
}

const ICONS: Record<SubscriptionAction, string> = {
  approve: 'pi pi-check',
  reopen: 'pi pi-pencil',
  cancel: 'pi pi-ban',
  sendPaymentLink: 'pi pi-link',
  deleteDraft: 'pi pi-trash',
  delete: 'pi pi-trash',
};

const DANGER: SubscriptionAction[] = ['cancel', 'deleteDraft', 'delete'];

/**
 * 'Handlinger': the status changes of spec 3 §4 that the subscription's status allows and 'Send
 * betalingslink', with the messages of spec 3 §8. Approving checks the form (and the start date the
 * periods run from) first and saves unsaved changes before it approves; cancelling and deleting ask
 * first; deleting goes back to the list.
 */
export function SubscriptionActionsMenu({
  subscription,
  reload,
  onError,
  onInvalid,
}: SubscriptionActionsMenuProps) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const navigate = useNavigate();
  const [saveSubscription] = useSaveSubscriptionMutation();
  const [approveSubscription] = useApproveSubscriptionMutation();
  const [reopenSubscription] = useReopenSubscriptionMutation();
  const [cancelSubscription] = useCancelSubscriptionMutation();
  const [deleteSubscription] = useDeleteSubscriptionMutation();
  const [sendPaymentLink] = useSendSubscriptionPaymentLinkMutation();
  const form = useFormikContext<SubscriptionFormValues>();
  const { busy, run, invalidFields, savedVersion } = useEditorActions({
    reload,
    formValues: subscriptionFormValues,
    save: (values: SubscriptionFormValues) =>
      saveSubscription(subscriptionPayload(subscription, values)).unwrap(),
    onError,
  });
  const current = { id: subscription.id, version: subscription.version };

  async function approve() {
    if (await invalidFields(approvalErrors(t, form.values))) {
      onInvalid();
      return;
    }
    await run(async () => {
      const version = await savedVersion(subscription.version);
      await approveSubscription({ id: subscription.id, version }).unwrap();
    }, t('subscriptions.messages.approved'));
  }

  async function cancel() {
    if (!(await confirm({ message: t('subscriptions.confirmCancel') }))) return;
    await run(() => cancelSubscription(current).unwrap(), t('subscriptions.messages.cancelled'));
  }

  async function remove() {
    if (!(await confirm({ message: t('subscriptions.confirmDelete') }))) return;
    await run(
      () => deleteSubscription(subscription.id).unwrap(),
      t('subscriptions.messages.deleted'),
      () => navigate(SUBSCRIPTIONS_PATH),
    );
  }

  const commands: Record<SubscriptionAction, () => Promise<void>> = {
    approve,
    reopen: () =>
      run(() => reopenSubscription(current).unwrap(), t('subscriptions.messages.reopened')),
    cancel,
    sendPaymentLink: () =>
      run(
        () => sendPaymentLink(subscription.id).unwrap(),
        t('subscriptions.messages.paymentLinkSent'),
      ),
    deleteDraft: remove,
    delete: remove,
  };

  return (
    <ActionsMenu
      actions={subscriptionActions(subscription.status)}
      labels={(action) => t(`subscriptions.actions.${action}`)}
      icons={ICONS}
      danger={DANGER}
      commands={commands}
      busy={busy}
    />
  );
}
