import { useFormikContext } from 'formik';
import { Dropdown } from 'primereact/dropdown';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../api/baseApi';
import { isConflict } from '../../shared/conflict';
import { TextAreaField, TextField } from '../../shared/ui/FormFields';
import { Section } from '../../shared/ui/Section';
import { useToast } from '../../shared/ui/Toast';
import { OrderFieldsCard } from './OrderFieldsCard';
import { OrderInvoicingCard } from './OrderInvoicingCard';
import { OrderLinesCard } from './OrderLinesCard';
import { OrderRelationsCard } from './OrderRelationsCard';
import type { OrderFormValues } from './orderSchema';
import { useSetPaymentStatusMutation } from './ordersApi';
import { isEditable, paymentStatusOptions } from './orderStatus';
import { OrderTotalsCard } from './OrderTotalsCard';
import type { Order, OrderField, PaymentStatus } from './types';

/**
 * 'Betalingsstatus': saved at once through orders/payment-status (not with the form), with the
 * order's version.
 */
function PaymentStatusSelect({ order, onConflict }: { order: Order; onConflict: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const id = useId();
  const [setPaymentStatus, { isLoading }] = useSetPaymentStatusMutation();
  // The chosen status shows until the order is read again with it.
  const [shown, setShown] = useState<PaymentStatus | null>(null);
  useEffect(() => setShown(null), [order.version, order.paymentStatus]);
  return (
    <div className="tb-field">
      <label htmlFor={id}>{t('orders.fields.paymentStatus')}</label>
      <Dropdown
        inputId={id}
        value={shown ?? order.paymentStatus}
        options={paymentStatusOptions(t)}
        optionLabel="label"
        optionValue="value"
        disabled={!order.id || isLoading}
        onChange={async (event) => {
          const paymentStatus = event.value as PaymentStatus;
          if (!order.id || paymentStatus === order.paymentStatus) return;
          setShown(paymentStatus);
          try {
            await setPaymentStatus({
              id: order.id,
              version: order.version,
              paymentStatus,
            }).unwrap();
          } catch (error) {
            setShown(null);
            toast.error(apiErrorMessage(error) ?? t('orders.errors.unknown'));
            if (isConflict(error)) onConflict();
          }
        }}
      />
      {order.cardPayment && (
        <small className="tb-card-payment">
          {t(
            order.cardPayment.card
              ? 'orders.cardPayment.withCard'
              : 'orders.cardPayment.withoutCard',
            {
              provider: t(`orders.cardPayment.provider.${order.cardPayment.provider}`, {
                defaultValue: order.cardPayment.provider,
              }),
              brand: order.cardPayment.card?.brand ?? '',
              last4: order.cardPayment.card?.last4 ?? '',
            },
          )}
        </small>
      )}
      {order.deskPayment && (
        <small className="tb-card-payment">
          {t('orders.deskPayment.paid', {
            method: t(`orders.deskPayment.method.${order.deskPayment}`),
          })}
        </small>
      )}
      {order.delivery?.method === 'address' && order.delivery.address && (
        <small className="tb-card-payment">
          {t('orders.delivery.address', {
            address: [
              order.delivery.address.name,
              order.delivery.address.street,
              `${order.delivery.address.postcode} ${order.delivery.address.city}`,
            ].join(', '),
          })}
        </small>
      )}
      {order.delivery?.method === 'pickup' && (
        <small className="tb-card-payment">{t('orders.delivery.pickup')}</small>
      )}
    </div>
  );
}

interface OrderDetailsTabProps {
  order: Order;
  fields: OrderField[];
  onConflict: () => void;
}

/**
 * The Ordre tab: customer, description, lines, extra information, custom fields, payment status,
 * totals, company/contact/contract and invoicing. Outside draft only the descriptions, extra
 * information, custom fields and payment status change.
 */
export function OrderDetailsTab({ order, fields, onConflict }: OrderDetailsTabProps) {
  const { t } = useTranslation();
  const { values } = useFormikContext<OrderFormValues>();
  const editable = isEditable(order.status);
  const locked = !editable;
  return (
    <div className="tb-stack">
      <div className="tb-order-layout">
        <div className="tb-stack">
          <Section title={t('orders.sections.customer')}>
            <div className="tb-form-grid">
              <TextField name="firstname" label={t('orders.fields.firstname')} disabled={locked} />
              <TextField name="lastname" label={t('orders.fields.lastname')} disabled={locked} />
              <TextField
                name="email"
                type="email"
                label={t('orders.fields.email')}
                disabled={locked}
              />
              <TextField
                name="phone"
                type="tel"
                label={t('orders.fields.phone')}
                disabled={locked}
              />
            </div>
          </Section>
          <OrderRelationsCard editable={editable} />
        </div>
        <div className="tb-stack">
          <Section title={t('orders.sections.payment')}>
            <PaymentStatusSelect order={order} onConflict={onConflict} />
          </Section>
          <OrderTotalsCard order={order} editable={editable} />
        </div>
      </div>
      <OrderLinesCard editable={editable} orderNumber={order.orderNumber} />
      <div className="tb-order-layout">
        <div className="tb-stack">
          <Section title={t('orders.sections.description')}>
            <TextAreaField name="description" label={t('orders.fields.description')} />
            <TextAreaField name="internal" label={t('orders.fields.internal')} />
          </Section>
          {values.extraInfo.length > 0 && (
            <Section title={t('orders.sections.extraInfo')}>
              <div className="tb-form-grid">
                {values.extraInfo.map((entry, index) => (
                  <TextField
                    key={`${entry.title}-${index}`}
                    name={`extraInfo.${index}.value`}
                    label={entry.title}
                    help={entry.several ? t('orders.extraInfo.severalHelp') : undefined}
                  />
                ))}
              </div>
            </Section>
          )}
          <OrderFieldsCard fields={fields} isNew={order.id === null} />
        </div>
        <div className="tb-stack">
          <OrderInvoicingCard editable={editable} />
        </div>
      </div>
    </div>
  );
}
