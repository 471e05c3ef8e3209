import { Formik, useFormikContext, type FormikHelpers } from 'formik';
import { Button } from 'primereact/button';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { apiErrorMessage } from '../../api/baseApi';
import { CommentsCard } from '../../shared/comments/CommentsCard';
import { isConflict } from '../../shared/conflict';
import { useGetCommentsQuery } from '../../shared/comments/commentsApi';
import { Form } from '../../shared/ui/Form';
import { applyServerErrors } from '../../shared/ui/formErrors';
import { Preloader } from '../../shared/ui/Preloader';
import { Tabs, useTabParam } from '../../shared/ui/Tabs';
import { useToast } from '../../shared/ui/Toast';
import { OrderActionsMenu } from './OrderActionsMenu';
import { OrderStatusBadge } from './OrderBadges';
import { OrderDetailsTab } from './OrderDetailsTab';
import { OrderHistoryTab } from './OrderHistoryTab';
import { OrderInvoicesTab } from './OrderInvoicesTab';
import { orderFormValues, orderPayload, orderSchema, type OrderFormValues } from './orderSchema';
import {
  useGetNewOrderQuery,
  useGetOrderFieldsQuery,
  useGetOrderQuery,
  useSaveOrderMutation,
} from './ordersApi';
import { OrderTicketsTab } from './OrderTicketsTab';
import type { Order } from './types';

export const NEW_ORDER_ID = 'create';

const ORDER_TAB = 10;
const TICKETS_TAB = 20;
const INVOICES_TAB = 30;
const NOTES_TAB = 40;
const HISTORY_TAB = 50;

/** Tells the page the chosen category, whose custom fields the form shows and checks. */
function WatchCategory({ onChange }: { onChange: (categoryId: string | null) => void }) {
  const { values } = useFormikContext<OrderFormValues>();
  const listener = useRef(onChange);
  useEffect(() => {
    listener.current = onChange;
  });
  useEffect(() => listener.current(values.categoryId), [values.categoryId]);
  return null;
}

/** A failed submit on another tab shows the Ordre tab, where every checked field is. */
function ShowFieldsOnInvalidSubmit({ onInvalid }: { onInvalid: () => void }) {
  const { submitCount, isValid, isSubmitting } = useFormikContext();
  const handled = useRef(0);
  const listener = useRef(onInvalid);
  useEffect(() => {
    listener.current = onInvalid;
  });
  useEffect(() => {
    if (isSubmitting || isValid || submitCount === handled.current) return;
    handled.current = submitCount;
    listener.current();
  }, [submitCount, isValid, isSubmitting]);
  return null;
}

interface OrderEditorProps {
  order: Order;
  /** Reads the order again and returns it (saved orders). */
  reload: () => Promise<Order>;
}

function OrderEditor({ order, reload }: OrderEditorProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const [tab, setTab] = useTabParam(ORDER_TAB);
  const [saveOrder] = useSaveOrderMutation();
  const [categoryId, setCategoryId] = useState(order.categoryId);
  const fieldsQuery = useGetOrderFieldsQuery(categoryId ?? '', { skip: !categoryId });
  const fields = useMemo(
    () => (categoryId ? (fieldsQuery.data ?? []) : []),
    [categoryId, fieldsQuery.data],
  );
  const schema = useMemo(() => orderSchema(t, fields), [t, fields]);
  const initialValues = useMemo(() => orderFormValues(order), [order]);
  const savedId = order.id;
  const unread = useGetCommentsQuery(
    { entityId: savedId ?? '', skip: 0, relations: [] },
    { skip: !savedId },
  ).data?.unread;
  const showFields = () => {
    if (tab !== ORDER_TAB) setTab(ORDER_TAB);
  };

  /**
   * A failed write: a 409 shows the server's text and reads the order again (the form shows the
   * server's state); other refusals put their messages on the fields and show the text.
   */
  async function failed(
    error: unknown,
    helpers: Pick<FormikHelpers<OrderFormValues>, 'resetForm' | 'setErrors'>,
  ) {
    if (isConflict(error)) {
      toast.error(apiErrorMessage(error) ?? t('orders.errors.conflict'));
      if (savedId) {
        const fresh = await reload();
        helpers.resetForm({ values: orderFormValues(fresh) });
      }
      return;
    }
    applyServerErrors(helpers.setErrors, error);
    toast.error(apiErrorMessage(error) ?? t('orders.errors.unknown'));
  }

  const title = savedId
    ? t('orders.editor.title', { number: order.orderNumber ?? '' })
    : t('orders.editor.createTitle');

  return (
    <Formik<OrderFormValues>
      initialValues={initialValues}
      enableReinitialize
      validationSchema={schema}
      onSubmit={async (values, helpers) => {
        try {
          const id = await saveOrder(orderPayload(order, values)).unwrap();
          if (!savedId) {
            toast.success(t('orders.messages.created'));
            navigate(`/orders/${id}`, { replace: true });
          } else {
            toast.success(t('orders.messages.saved'));
            const fresh = await reload();
            helpers.resetForm({ values: orderFormValues(fresh) });
          }
        } catch (error) {
          await failed(error, helpers);
        }
      }}
    >
      {(form) => (
        <Form className="tb-page tb-order" label={t('orders.editor.label')}>
          <WatchCategory onChange={setCategoryId} />
          <ShowFieldsOnInvalidSubmit onInvalid={showFields} />
          <div className="tb-page-header">
            <div className="tb-order-heading">
              <h1>{order.status === 'cancelled' ? <s>{title}</s> : title}</h1>
              {savedId && <OrderStatusBadge status={order.status} />}
            </div>
            <div className="tb-page-actions">
              <Link to="/orders" className="p-button p-component p-button-text">
                {t('common.back')}
              </Link>
              {savedId && (
                <OrderActionsMenu
                  order={{ ...order, id: savedId }}
                  reload={reload}
                  onError={(error) => failed(error, form)}
                  onInvalid={showFields}
                />
              )}
              <Button
                type="submit"
                icon="pi pi-save"
                label={t('common.save')}
                loading={form.isSubmitting}
              />
            </div>
          </div>
          <Tabs
            activeKey={tab}
            onTabChange={setTab}
            tabs={[
              {
                key: ORDER_TAB,
                label: t('orders.tabs.order'),
                content: (
                  <OrderDetailsTab
                    order={order}
                    fields={fields}
                    onConflict={() => void failed({ status: 409 }, form)}
                  />
                ),
              },
              {
                key: TICKETS_TAB,
                label: t('orders.tabs.tickets'),
                visible: Boolean(savedId),
                content: savedId && <OrderTicketsTab orderId={savedId} />,
              },
              {
                key: INVOICES_TAB,
                label: t('orders.tabs.invoices'),
                visible: Boolean(savedId),
                content: savedId && (
                  <OrderInvoicesTab orderId={savedId} approved={order.status === 'approved'} />
                ),
              },
              {
                key: NOTES_TAB,
                label: t('orders.tabs.notes'),
                visible: Boolean(savedId),
                badge: unread ? unread : undefined,
                content: savedId && (
                  <CommentsCard
                    entityId={savedId}
                    originType="order"
                    originUrl={`/orders/${savedId}`}
                  />
                ),
              },
              {
                key: HISTORY_TAB,
                label: t('orders.tabs.history'),
                visible: Boolean(savedId),
                content: savedId && <OrderHistoryTab orderId={savedId} />,
              },
            ]}
          />
        </Form>
      )}
    </Formik>
  );
}

/**
 * /orders/{id} ('create' = a new draft from the template GET orders/new): heading 'Opret kladde'
 * or 'Ordre #number', tabs Ordre, Billetter, Fakturaer, Noter (unread badge) and Historik (the last
 * four once saved), the actions menu and 'Gem'. A failed load goes back to the list.
 */
export function OrderPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const { id = NEW_ORDER_ID } = useParams();
  const isNew = id === NEW_ORDER_ID;
  const existing = useGetOrderQuery(id, { skip: isNew });
  const template = useGetNewOrderQuery(undefined, { skip: !isNew });
  const query = isNew ? template : existing;
  const { isError, error } = query;

  // Once per failure: the effect may run again (a new `navigate`) before the page is gone.
  const leftFor = useRef<unknown>(null);
  useEffect(() => {
    if (!isError || leftFor.current === error) return;
    leftFor.current = error;
    toast.error(apiErrorMessage(error) ?? t('orders.errors.loadFailed'));
    navigate('/orders', { replace: true });
  }, [isError, error, toast, t, navigate]);

  const order = query.data;
  if (!order || isError) return <Preloader label={t('common.loading')} />;
  return (
    <OrderEditor
      key={order.id ?? NEW_ORDER_ID}
      order={order}
      reload={() => existing.refetch().unwrap()}
    />
  );
}
