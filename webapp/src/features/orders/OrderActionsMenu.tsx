import { useTranslation } from 'react-i18next';
import { useWithoutHidden } from '../../shared/access';
import { useNavigate } from 'react-router';
import { ActionsMenu } from '../../shared/editor/ActionsMenu';
import { useEditorActions } from '../../shared/editor/useEditorActions';
import { useConfirm } from '../../shared/ui/ConfirmButton';
import { orderFormValues, orderPayload, type OrderFormValues } from './orderSchema';
import {
  useApproveOrderMutation,
  useCancelOrderMutation,
  useCapturePaymentMutation,
  useDeleteOrderMutation,
  useReopenOrderMutation,
  useSaveOrderMutation,
  useSendConfirmationMutation,
  useSendPaymentLinkMutation,
} from './ordersApi';
import { orderActions, type OrderAction } from './orderStatus';
import { ORDERS_PATH } from './paths';
import type { Order } from './types';

interface OrderActionsMenuProps {
  /** A saved order. */
  order: Order & { id: string };
  /** Reads the order again and returns it. */
  reload: () => Promise<Order>;
  /** A failed write: shows the error (and after a 409 reads the order again). */
  onError: (error: unknown) => Promise<void>;
  /** The form is invalid: show the Ordre tab with the messages. */
  onInvalid: () => void;
}

const ICONS: Record<OrderAction, string> = {
  approve: 'pi pi-check',
  reopen: 'pi pi-pencil',
  cancel: 'pi pi-ban',
  delete: 'pi pi-trash',
  capturePayment: 'pi pi-wallet',
  sendPaymentLink: 'pi pi-link',
  sendConfirmation: 'pi pi-envelope',
};

const DANGER: OrderAction[] = ['cancel', 'delete'];

/**
 * 'Handlinger': the status changes of spec 3 §4 that the order's status allows, 'Hæv betaling' of
 * an authorized payment, and the mails. Approving validates the form first and saves unsaved
 * changes before it approves; cancelling and deleting ask first; deleting goes back to the list.
 */
export function OrderActionsMenu({ order, reload, onError, onInvalid }: OrderActionsMenuProps) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const navigate = useNavigate();
  const [saveOrder] = useSaveOrderMutation();
  const withoutHidden = useWithoutHidden('orders');
  const [approveOrder] = useApproveOrderMutation();
  const [reopenOrder] = useReopenOrderMutation();
  const [cancelOrder] = useCancelOrderMutation();
  const [deleteOrder] = useDeleteOrderMutation();
  const [capturePayment] = useCapturePaymentMutation();
  const [sendPaymentLink] = useSendPaymentLinkMutation();
  const [sendConfirmation] = useSendConfirmationMutation();
  const { busy, run, invalidFields, savedVersion } = useEditorActions({
    reload,
    formValues: orderFormValues,
    save: (values: OrderFormValues) =>
      saveOrder(withoutHidden(orderPayload(order, values))).unwrap(),
    onError,
  });
  const current = { id: order.id, version: order.version };

  async function approve() {
    if (await invalidFields()) {
      onInvalid();
      return;
    }
    await run(async () => {
      const version = await savedVersion(order.version);
      await approveOrder({ id: order.id, version }).unwrap();
    }, t('orders.messages.approved'));
  }

  async function cancel() {
    if (!(await confirm({ message: t('orders.confirmCancel') }))) return;
    await run(() => cancelOrder(current).unwrap(), t('orders.messages.cancelled'));
  }

  async function remove() {
    if (!(await confirm({ message: t('orders.confirmDelete') }))) return;
    await run(
      () => deleteOrder(order.id).unwrap(),
      order.status === 'draft' ? t('orders.messages.draftDeleted') : t('orders.messages.deleted'),
      () => navigate(ORDERS_PATH),
    );
  }

  const commands: Record<OrderAction, () => Promise<void>> = {
    approve,
    reopen: () => run(() => reopenOrder(current).unwrap(), t('orders.messages.reopened')),
    cancel,
    delete: remove,
    capturePayment: () =>
      run(() => capturePayment(current).unwrap(), t('orders.messages.paymentCaptured')),
    sendPaymentLink: () =>
      run(() => sendPaymentLink(current).unwrap(), t('orders.messages.paymentLinkSent')),
    sendConfirmation: () =>
      run(() => sendConfirmation(current).unwrap(), t('orders.messages.confirmationSent')),
  };

  return (
    <ActionsMenu
      actions={orderActions(order)}
      labels={(action) => t(`orders.actions.${action}`)}
      icons={ICONS}
      danger={DANGER}
      commands={commands}
      busy={busy}
    />
  );
}
