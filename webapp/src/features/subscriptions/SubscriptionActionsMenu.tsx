import { setNestedObjectValues, useFormikContext, type FormikErrors } from 'formik';
import { Button } from 'primereact/button';
import { Menu } from 'primereact/menu';
import type { MenuItem } from 'primereact/menuitem';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useConfirm } from '../../shared/ui/ConfirmButton';
import { useToast } from '../../shared/ui/Toast';
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
  const toast = useToast();
  const confirm = useConfirm();
  const navigate = useNavigate();
  const menuId = useId();
  const menu = useRef<Menu>(null);
  const form = useFormikContext<SubscriptionFormValues>();
  const [busy, setBusy] = useState(false);
  const [saveSubscription] = useSaveSubscriptionMutation();
  const [approveSubscription] = useApproveSubscriptionMutation();
  const [reopenSubscription] = useReopenSubscriptionMutation();
  const [cancelSubscription] = useCancelSubscriptionMutation();
  const [deleteSubscription] = useDeleteSubscriptionMutation();
  const [sendPaymentLink] = useSendSubscriptionPaymentLinkMutation();
  const current = { id: subscription.id, version: subscription.version };

  async function run(action: () => Promise<unknown>, success: string) {
    setBusy(true);
    try {
      await action();
      toast.success(success);
    } catch (error) {
      await onError(error);
    } finally {
      setBusy(false);
    }
  }

  async function approve() {
    const errors: FormikErrors<SubscriptionFormValues> = {
      ...(await form.validateForm()),
      ...approvalErrors(t, form.values),
    };
    if (Object.keys(errors).length > 0) {
      form.setErrors(errors);
      void form.setTouched(setNestedObjectValues(errors, true), false);
      onInvalid();
      return;
    }
    await run(async () => {
      let version = subscription.version;
      if (form.dirty) {
        await saveSubscription(subscriptionPayload(subscription, form.values)).unwrap();
        const saved = await reload();
        form.resetForm({ values: subscriptionFormValues(saved) });
        version = saved.version;
      }
      await approveSubscription({ id: subscription.id, version }).unwrap();
    }, t('subscriptions.messages.approved'));
  }

  async function cancel() {
    if (!(await confirm({ message: t('subscriptions.confirmCancel') }))) return;
    await run(() => cancelSubscription(current).unwrap(), t('subscriptions.messages.cancelled'));
  }

  async function remove() {
    if (!(await confirm({ message: t('subscriptions.confirmDelete') }))) return;
    setBusy(true);
    try {
      await deleteSubscription(subscription.id).unwrap();
      toast.success(t('subscriptions.messages.deleted'));
      navigate(SUBSCRIPTIONS_PATH);
    } catch (error) {
      await onError(error);
      setBusy(false);
    }
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

  const items: MenuItem[] = subscriptionActions(subscription.status).map((action) => ({
    label: t(`subscriptions.actions.${action}`),
    icon: ICONS[action],
    className: DANGER.includes(action) ? 'tb-menu-danger' : undefined,
    command: () => void commands[action](),
  }));

  return (
    <>
      <Menu model={items} popup ref={menu} id={menuId} className="tb-actions-menu" />
      <Button
        type="button"
        outlined
        icon="pi pi-bars"
        label={t('subscriptions.actions.menu')}
        aria-haspopup="menu"
        aria-controls={menuId}
        loading={busy}
        onClick={(event) => menu.current?.toggle(event)}
      />
    </>
  );
}
