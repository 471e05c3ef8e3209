import { useCanAccess } from '../../shared/access';
import { InvoicesTable } from '../../shared/invoices/InvoicesTable';

/** Fakturaer: the order's invoices, 'Opret faktura' once it is approved, and the row actions. */
export function OrderInvoicesTab({ orderId, approved }: { orderId: string; approved: boolean }) {
  const canManage = useCanAccess('manage', 'orders');
  return (
    <InvoicesTable
      sourceId={orderId}
      collection="orders"
      canCreate={approved && canManage}
      canManage={canManage}
    />
  );
}
