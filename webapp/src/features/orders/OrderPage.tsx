import { useFormikContext } from 'formik';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useWithoutHidden } from '../../shared/access';
import { useParams, useSearchParams } from 'react-router';
import { CommentsCard } from '../../shared/comments/CommentsCard';
import { useGetCommentsQuery } from '../../shared/comments/commentsApi';
import { AggregateEditor } from '../../shared/editor/AggregateEditor';
import { relationFieldOf } from '../../shared/editor/relations';
import { useLeaveWhenLoadFails } from '../../shared/editor/useLeaveWhenLoadFails';
import { seatSaleOf } from '../../shared/seating/seatSale';
import { Alert } from '../../shared/ui/Alert';
import { Preloader } from '../../shared/ui/Preloader';
import { Tabs, useTabParam } from '../../shared/ui/Tabs';
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
import { NEW_ORDER_ID, ORDERS_PATH, orderPath } from './paths';
import type { Order } from './types';
import { useSeatSaleLines } from './useSeatSaleLines';

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

interface OrderEditorProps {
  order: Order;
  /** Reads the order again and returns it (saved orders). */
  reload: () => Promise<Order>;
  /** Warnings above the tabs, e.g. the seats a new order from the seat overview left out. */
  notices?: readonly string[];
}

function OrderEditor({ order, reload, notices = [] }: OrderEditorProps) {
  const { t } = useTranslation();
  const [tab, setTab] = useTabParam(ORDER_TAB);
  const [saveOrder] = useSaveOrderMutation();
  const withoutHidden = useWithoutHidden('orders');
  const [categoryId, setCategoryId] = useState(order.categoryId);
  const fieldsQuery = useGetOrderFieldsQuery(categoryId ?? '', { skip: !categoryId });
  const fields = useMemo(
    () => (categoryId ? (fieldsQuery.data ?? []) : []),
    [categoryId, fieldsQuery.data],
  );
  const schema = useMemo(() => orderSchema(t, fields), [t, fields]);
  const savedId = order.id;
  const unread = useGetCommentsQuery(
    { entityId: savedId ?? '', skip: 0, relations: [] },
    { skip: !savedId },
  ).data?.unread;
  // Every checked field is on the Ordre tab.
  const showFields = () => {
    if (tab !== ORDER_TAB) setTab(ORDER_TAB);
  };

  return (
    <AggregateEditor<Order, OrderFormValues>
      entity={order}
      reload={reload}
      formValues={orderFormValues}
      schema={schema}
      save={(values) => saveOrder(withoutHidden(orderPayload(order, values))).unwrap()}
      fieldOf={relationFieldOf}
      listPath={ORDERS_PATH}
      pathOf={orderPath}
      texts={{
        title: savedId
          ? t('orders.editor.title', { number: order.orderNumber ?? '' })
          : t('orders.editor.createTitle'),
        label: t('orders.editor.label'),
        created: t('orders.messages.created'),
        saved: t('orders.messages.saved'),
        conflict: t('orders.errors.conflict'),
        unknown: t('orders.errors.unknown'),
      }}
      className="tb-page tb-order"
      struck={order.status === 'cancelled'}
      badge={savedId && <OrderStatusBadge status={order.status} />}
      // Any order saves: outside draft its descriptions, extra information and custom fields.
      canSave
      onInvalid={showFields}
      actions={(failed) =>
        savedId && (
          <OrderActionsMenu
            order={{ ...order, id: savedId }}
            reload={reload}
            onError={failed}
            onInvalid={showFields}
          />
        )
      }
    >
      {(failed) => (
        <>
          {notices.map((notice) => (
            <Alert key={notice} severity="warn">
              {notice}
            </Alert>
          ))}
          <WatchCategory onChange={setCategoryId} />
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
                    onConflict={() => void failed({ status: 409 })}
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
                    originUrl={orderPath(savedId)}
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
        </>
      )}
    </AggregateEditor>
  );
}

/**
 * /orders/{id} ('create' = a new draft from the template GET orders/new): heading 'Opret kladde'
 * or 'Ordre #number', tabs Ordre, Billetter, Fakturaer, Noter (unread badge) and Historik (the last
 * four once saved), the actions menu and 'Gem'. A failed load goes back to the list. A new draft
 * opened from an event's seat overview (`?seatEvent=…&seats=…`) starts with a seat-ticket line
 * per seat; the server books them when it is saved.
 */
export function OrderPage() {
  const { t } = useTranslation();
  const { id = NEW_ORDER_ID } = useParams();
  const [search] = useSearchParams();
  const isNew = id === NEW_ORDER_ID;
  const existing = useGetOrderQuery(id, { skip: isNew });
  const template = useGetNewOrderQuery(undefined, { skip: !isNew });
  const query = isNew ? template : existing;
  useLeaveWhenLoadFails(query, t('orders.errors.loadFailed'), ORDERS_PATH);
  const sale = useMemo(() => (isNew ? seatSaleOf(search) : null), [isNew, search]);
  const seatSale = useSeatSaleLines(sale);

  const loaded = query.data;
  const seatLines = seatSale.result.lines;
  // The editor's form starts from this object: it changes only with the order or the lines.
  const order = useMemo(
    () =>
      loaded && seatLines.length > 0
        ? { ...loaded, orderLines: [...loaded.orderLines, ...seatLines] }
        : loaded,
    [loaded, seatLines],
  );
  if (!order || query.isError || !seatSale.ready) {
    return (
      <>
        <Preloader label={t('common.loading')} />
        {seatSale.question}
      </>
    );
  }
  return (
    <OrderEditor
      key={order.id ?? NEW_ORDER_ID}
      order={order}
      reload={() => existing.refetch().unwrap()}
      notices={seatSale.result.notices}
    />
  );
}
