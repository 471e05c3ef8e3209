import { setNestedObjectValues, useFormikContext } from 'formik';
import { Button } from 'primereact/button';
import { Menu } from 'primereact/menu';
import type { MenuItem } from 'primereact/menuitem';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useConfirm } from '../../shared/ui/ConfirmButton';
import { useToast } from '../../shared/ui/Toast';
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

/**
 * 'Handlinger': the status changes of spec 3 §4 that the order's status allows, and the mails.
 * Approving validates the form first and saves unsaved changes before it approves.
 */
export function OrderActionsMenu({ order, reload, onError, onInvalid }: OrderActionsMenuProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const confirm = useConfirm();
  const navigate = useNavigate();
  const menuId = useId();
  const menu = useRef<Menu>(null);
  const form = useFormikContext<OrderFormValues>();
  const [busy, setBusy] = useState(false);
  const [saveOrder] = useSaveOrderMutation();
  const [approveOrder] = useApproveOrderMutation();
  const [reopenOrder] = useReopenOrderMutation();
  const [cancelOrder] = useCancelOrderMutation();
  const [deleteOrder] = useDeleteOrderMutation();
  const [capturePayment] = useCapturePaymentMutation();
  const [sendPaymentLink] = useSendPaymentLinkMutation();
  const [sendConfirmation] = useSendConfirmationMutation();
  const current = { id: order.id, version: order.version };

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
    const errors = await form.validateForm();
    if (Object.keys(errors).length > 0) {
      void form.setTouched(setNestedObjectValues(errors, true), false);
      onInvalid();
      return;
    }
    await run(async () => {
      let version = order.version;
      if (form.dirty) {
        await saveOrder(orderPayload(order, form.values)).unwrap();
        const saved = await reload();
        form.resetForm({ values: orderFormValues(saved) });
        version = saved.version;
      }
      await approveOrder({ id: order.id, version }).unwrap();
    }, t('orders.messages.approved'));
  }

  async function remove() {
    if (!(await confirm({ message: t('orders.confirmDelete') }))) return;
    const message =
      order.status === 'draft' ? t('orders.messages.draftDeleted') : t('orders.messages.deleted');
    setBusy(true);
    try {
      await deleteOrder(order.id).unwrap();
      toast.success(message);
      navigate('/orders');
    } catch (error) {
      await onError(error);
      setBusy(false);
    }
  }

  async function cancel() {
    if (!(await confirm({ message: t('orders.confirmCancel') }))) return;
    await run(() => cancelOrder(current).unwrap(), t('orders.messages.cancelled'));
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

  const items: MenuItem[] = orderActions(order).map((action) => ({
    label: t(`orders.actions.${action}`),
    icon: ICONS[action],
    className: action === 'delete' || action === 'cancel' ? 'tb-menu-danger' : undefined,
    command: () => void commands[action](),
  }));

  return (
    <>
      <Menu model={items} popup ref={menu} id={menuId} className="tb-actions-menu" />
      <Button
        type="button"
        outlined
        icon="pi pi-bars"
        label={t('orders.actions.menu')}
        aria-haspopup="menu"
        aria-controls={menuId}
        loading={busy}
        onClick={(event) => menu.current?.toggle(event)}
      />
    </>
  );
}
